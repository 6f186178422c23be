import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { shownAccount } from '@common/wallet';
import { COPY_TEXT, copyText } from '@app/components/copy';
import { toast } from '@app/components/toast-store';
import type { BankDetails } from '../api';

/**
 * Where a manual top-up goes: the shop's bank account, each value with a copy button (an IBAN
 * copies without its spaces, as every bank form takes it), the operator's note, and the reference
 * this shopper writes on the transfer so the operator can tell whose money arrived.
 */
export function BankAccount({ bank }: { bank: BankDetails }) {
  const { t } = useTranslation();
  return (
    <div className="topup-bank" data-testid="bank">
      <p className="topup-note" data-testid="manual-intro">
        {t('topUp.form.manualIntro')}
      </p>
      <CopyRow id="holder" label={t('topUp.bank.holder')} value={bank.holder} />
      <CopyRow id="bank-name" label={t('topUp.bank.bankName')} value={bank.bankName} />
      <CopyRow
        id="account"
        label={t('topUp.bank.account')}
        value={bank.account}
        shown={shownAccount(bank.account)}
        identifier
      />
      {bank.swift && <CopyRow id="swift" label={t('topUp.bank.swift')} value={bank.swift} identifier />}
      <CopyRow id="reference" label={t('topUp.bank.reference')} value={bank.reference} strong identifier />
      <p className="topup-hint" data-testid="bank-reference-hint">
        {t('topUp.bank.referenceHint')}
      </p>
      {bank.note && (
        <p className="topup-note topup-bank__note" data-testid="bank-note">
          {bank.note}
        </p>
      )}
    </div>
  );
}

/**
 * A value with its copy button. An identifier (the account, SWIFT, the reference) stays on one
 * line, scrolled sideways where longer than the room; a name (holder, bank) wraps between words.
 */
function CopyRow(props: {
  id: string;
  label: string;
  value: string;
  shown?: string;
  strong?: boolean;
  identifier?: boolean;
}) {
  const { t } = useTranslation();
  const copy = async () => toast.show(t(COPY_TEXT[await copyText(props.value)]));
  return (
    <div className="topup-bank__item">
      <div className="field__label">{props.label}</div>
      <div className="topup-deposit__row">
        <code
          className={`topup-deposit__address${props.identifier ? ' identifier' : ''}${props.strong ? ' topup-bank__reference' : ''}`}
          data-testid={`bank-${props.id}`}
        >
          {props.shown ?? props.value}
        </code>
        <Button
          size="s"
          mode="bezeled"
          aria-label={t('topUp.bank.copy', { field: props.label })}
          onClick={() => void copy()}
          data-testid={`copy-${props.id}`}
        >
          {t('topUp.form.copy')}
        </Button>
      </div>
    </div>
  );
}
