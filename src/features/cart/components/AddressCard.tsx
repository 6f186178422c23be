import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AddressItem } from '@common/schemas/address';
import { EditIcon, TrashIcon } from './icons';

interface AddressCardProps {
  address: AddressItem;
  busy: boolean;
  /** Pick mode: tapping the address chooses it. */
  onPick?: () => void;
  onSetDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One shipping address: who, where, its tag and whether it is the default, with its actions. */
export function AddressCard({ address, busy, onPick, onSetDefault, onEdit, onDelete }: AddressCardProps) {
  const { t } = useTranslation();
  const testId = `address-${address.id}`;
  const body = (
    <>
      <span className="address-card__top">
        <strong className="address-card__name">{address.addressee}</strong>
        <span className="address-card__mobile">{address.mobile}</span>
      </span>
      <span className="address-card__where">
        {address.isDefault && (
          <span className="address-tag address-tag--default" data-testid={`${testId}-default`}>
            {t('address.default')}
          </span>
        )}
        <span className="address-tag">{tagLabel(address.tag, t)}</span>
        <span>
          {address.regionName}, {address.countryName}
        </span>
      </span>
      <span className="address-card__detail">{address.detail}</span>
    </>
  );
  return (
    <article className="address-card" data-testid={testId}>
      {onPick ? (
        <button
          type="button"
          className="address-card__main address-card__main--pick"
          onClick={onPick}
          data-testid={`${testId}-pick`}
        >
          {body}
        </button>
      ) : (
        <div className="address-card__main">{body}</div>
      )}
      <div className="address-card__actions">
        {!address.isDefault && (
          <button
            type="button"
            className="address-action"
            disabled={busy}
            onClick={onSetDefault}
            data-testid={`${testId}-set-default`}
          >
            {t('address.setDefault')}
          </button>
        )}
        <span className="address-card__buttons">
          <button
            type="button"
            className="address-action address-action--icon"
            aria-label={t('address.edit')}
            title={t('address.edit')}
            disabled={busy}
            onClick={onEdit}
            data-testid={`${testId}-edit`}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="address-action address-action--icon address-action--danger"
            aria-label={t('address.delete')}
            title={t('address.delete')}
            disabled={busy}
            onClick={onDelete}
            data-testid={`${testId}-delete`}
          >
            <TrashIcon />
          </button>
        </span>
      </div>
    </article>
  );
}

/** The tag as the list shows it: one of the three kinds in the interface language, or the own word. */
function tagLabel(tag: string, t: TFunction): string {
  if (tag === 'home') return t('address.tagHome');
  if (tag === 'company') return t('address.tagCompany');
  if (tag === 'other') return t('address.tagOther');
  return tag;
}
