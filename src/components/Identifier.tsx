import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { COPY_TEXT, copyText } from './copy';
import { toast } from './toast-store';

/**
 * An identifier a shopper reads out or copies (an order number, a tracking number): its label
 * above, the value on one line (scrolled sideways where it is longer than the room, never broken:
 * `.identifier` in src/styles.css) and a copy button beside it. The label wraps between words on
 * the whole width, so no number squeezes it into pieces.
 */
export function IdentifierRow(props: { label: string; value: string; testId: string; copyTestId: string }) {
  const { t } = useTranslation();
  const copy = async () => toast.show(t(COPY_TEXT[await copyText(props.value)]));
  return (
    <div className="identifier-row">
      <span className="identifier-row__label">{props.label}</span>
      <span className="identifier identifier-row__value" data-testid={props.testId}>
        {props.value}
      </span>
      <Button
        size="s"
        mode="bezeled"
        aria-label={t('common.copyField', { field: props.label })}
        onClick={() => void copy()}
        data-testid={props.copyTestId}
      >
        {t('common.copy')}
      </Button>
    </div>
  );
}

/**
 * A sentence with an identifier in it ("Order {{sn}}", translated with `value` in its place): the
 * sentence wraps between its words, the identifier stays whole on one line.
 */
export function WithIdentifier({ text, value }: { text: string; value: string }) {
  const at = value ? text.indexOf(value) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="identifier-inline">{value}</span>
      {text.slice(at + value.length)}
    </>
  );
}
