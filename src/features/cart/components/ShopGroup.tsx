import { Checkbox } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartAnswer, CartLine } from '@common/schemas/cart';
import { paths } from '@common/paths';
import { CartLineRow } from './CartLineRow';
import { StoreIcon } from './icons';

export type CartShop = CartAnswer['shops'][number];

interface ShopGroupProps {
  shop: CartShop;
  busy: boolean;
  onSelectShop: (selected: boolean) => void;
  onSelectLine: (line: CartLine, selected: boolean) => void;
  onNum: (line: CartLine, num: number) => void;
  onDelete: (line: CartLine) => void;
}

/** A shop's lines in the bag, with a select box for all of them. */
export function ShopGroup({ shop, busy, onSelectShop, onSelectLine, onNum, onDelete }: ShopGroupProps) {
  const { t } = useTranslation();
  const selected = shop.lines.filter((l) => l.selected).length;
  const all = selected === shop.lines.length;
  return (
    <section className="bag-card" data-testid={`bag-shop-${shop.shopId}`}>
      <header className="bag-card__head">
        <div className="bag-line__select">
          <Checkbox
            checked={selected > 0}
            indeterminate={selected > 0 && !all}
            disabled={busy}
            onChange={() => onSelectShop(!all)}
            aria-label={t('cart.selectShop', { shop: shop.shopName })}
            data-testid={`bag-shop-${shop.shopId}-select`}
          />
        </div>
        <Link to={paths.shop.href(shop.shopId)} className="bag-card__shop">
          <StoreIcon />
          <span className="bag-card__name">{shop.shopName}</span>
        </Link>
      </header>
      {shop.lines.map((line) => (
        <CartLineRow
          key={line.id}
          line={line}
          busy={busy}
          onSelect={(value) => onSelectLine(line, value)}
          onNum={(num) => onNum(line, num)}
          onDelete={() => onDelete(line)}
        />
      ))}
    </section>
  );
}
