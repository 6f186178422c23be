import { Button } from '@telegram-apps/telegram-ui';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePictureUpload } from '@app/api/use-picture-upload';
import { uploadPreview } from '@app/api/user';

interface EvidencePickerProps {
  /** The uploaded picture's address (what the top-up sends as `evidence`), or undefined. */
  value: string | undefined;
  onChange: (url: string) => void;
  hint: string;
  error?: string;
}

/**
 * The payment evidence picture: uploaded through /api/upload as soon as it is chosen, previewed,
 * and replaceable by choosing another. A failed upload keeps the previous picture (the API layer
 * has said why: not a picture, too large).
 */
export function EvidencePicker({ value, onChange, hint, error }: EvidencePickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = usePictureUpload();
  const uploading = upload.busy;

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const [url] = (await upload.mutate([file])) ?? [];
    if (url) onChange(url);
  };

  return (
    <div className="topup-evidence">
      <div className="field__label">{t('topUp.form.evidence')}</div>
      <p className="topup-hint">{hint}</p>
      {value && (
        <img
          className="topup-evidence__preview"
          src={uploadPreview(value)}
          alt={t('topUp.form.preview')}
          data-testid="evidence-preview"
        />
      )}
      <input ref={input} type="file" accept="image/*" hidden onChange={pick} data-testid="evidence-input" />
      <Button
        mode="bezeled"
        size="s"
        loading={uploading}
        disabled={uploading}
        onClick={() => input.current?.click()}
        data-testid="evidence-button"
      >
        {value ? t('topUp.form.replace') : t('topUp.form.upload')}
      </Button>
      {error && <FieldMessage field="evidence" text={error} />}
    </div>
  );
}

/** A field's problem, right under it. */
export function FieldMessage({ field, text }: { field: string; text: string }) {
  return (
    <p className="topup-error" role="alert" data-testid={`error-${field}`}>
      {text}
    </p>
  );
}
