import { useTranslation } from 'react-i18next';
import { Field } from '@app/components/Field';
import type { TagKind } from '../lib/address-form';

interface TagChipsProps {
  kind: TagKind;
  own: string;
  onKind: (kind: TagKind) => void;
  onOwn: (text: string) => void;
  error?: string;
}

const KINDS = [
  ['home', 'address.tagHome'],
  ['company', 'address.tagCompany'],
  ['other', 'address.tagOther'],
  ['own', 'address.tagOwn'],
] as const;

/** Home, company, other, or a word of the shopper's own (up to 20 characters). */
export function TagChips({ kind, own, onKind, onOwn, error }: TagChipsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="tag-field">
      <legend className="field__label">{t('address.tag')}</legend>
      <div className="tag-chips">
        {KINDS.map(([value, key]) => (
          <button
            key={value}
            type="button"
            className="tag-chip"
            aria-pressed={kind === value}
            onClick={() => onKind(value)}
            data-testid={`address-tag-${value}`}
          >
            {t(key)}
          </button>
        ))}
      </div>
      {kind === 'own' && (
        <Field
          label={t('address.tagOwn')}
          name="tag"
          value={own}
          maxLength={20}
          placeholder={t('address.tagOwnPlaceholder')}
          onChange={(e) => onOwn(e.target.value)}
          status={error ? 'error' : undefined}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
