import { useTranslation } from 'react-i18next';

interface AddressLike {
  addressee: string;
  mobile: string;
  countryName: string;
  regionName: string;
  detail: string;
  tag: string;
}

/** A shipping address as a label would carry it: who, phone, where, and its tag. */
export function AddressBlock({ address }: { address: AddressLike }) {
  const { t, i18n } = useTranslation();
  const tagKey = ['home', 'company', 'other'].includes(address.tag)
    ? t(`orderInfo.tag.${address.tag as 'home' | 'company' | 'other'}`)
    : address.tag;
  return (
    <div className="order-address" data-testid="address">
      <div className="order-address__who">
        <strong>{address.addressee}</strong>
        <span>{address.mobile}</span>
        {tagKey && <span className="order-address__tag">{tagKey}</span>}
      </div>
      <div className="order-address__where">
        {[address.detail, address.regionName, address.countryName]
          .filter(Boolean)
          .join(i18n.language.startsWith('zh') || i18n.language.startsWith('ja') ? ' ' : ', ')}
      </div>
    </div>
  );
}
