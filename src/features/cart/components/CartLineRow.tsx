import { Checkbox } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartLine } from '@common/schemas/cart';
import { paths } from '@common/paths';
import { LazyImage } from '@app/components/LazyImage';
import { QuantityStepper } from '@app/components/QuantityStepper';
import { useMoney } from '@app/i18n/use-money';
import { TrashIcon } from './icons';

const REASONS = { offSale: 'cart.offSale', soldOut: 'cart.soldOut', specGone: 'cart.specGone' } as const;

interface CartLineRowProps {
  line: CartLine;
  busy: boolean;
  onSelect?: (selected: boolean) => void;
  onNum?: (num: number) => void;
  onDelete: () => void;
}

/**
 * One line of the bag: select box, picture, title and spec, price, quantity and delete. A line that
 * cannot be bought has no select box and no stepper, only why and a delete.
 */
export function CartLineRow({ line, busy, onSelect, onNum, onDelete }: CartLineRowProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const testId = `bag-line-${line.id}`;
  const lowStock = line.available && line.num >= line.stock;
  return (
    <article className={`bag-line ${line.available ? '' : 'bag-line--unavailable'}`} data-testid={testId}>
      <div className="bag-line__select">
        {line.available && onSelect && (
          <Checkbox
            checked={line.selected}
            disabled={busy}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('cart.selectLine', { title: line.title })}
            data-testid={`${testId}-select`}
          />
        )}
      </div>
      <Link
        to={paths.detail.href(line.productId)}
        className="bag-line__image"
        tabIndex={-1}
        aria-hidden="true"
      >
        <LazyImage src={line.image} alt="" width={1} height={1} />
      </Link>
      <div className="bag-line__body">
        <div className="bag-line__head">
          <Link to={paths.detail.href(line.productId)} className="bag-line__title">
            {line.title}
          </Link>
          <button
            type="button"
            className="bag-line__delete"
            aria-label={t('cart.deleteLine', { title: line.title })}
            disabled={busy}
            onClick={onDelete}
            data-testid={`${testId}-delete`}
          >
            <TrashIcon />
          </button>
        </div>
        {line.specText && <p className="bag-line__spec">{line.specText}</p>}
        {line.available ? (
          <div className="bag-line__foot">
            <span className="bag-line__price" data-testid={`${testId}-price`}>
              {money(line.price)}
            </span>
            {onNum && (
              <QuantityStepper
                value={line.num}
                max={line.stock}
                disabled={busy}
                // Fewer than the line holds but still above what is left: straight to what is left.
                onChange={(next) => onNum(Math.min(next, line.stock))}
                label={`${t('cart.quantity')}: ${line.title}`}
                data-testid={`${testId}-num`}
              />
            )}
          </div>
        ) : (
          <p className="bag-line__reason" data-testid={`${testId}-reason`}>
            {t(REASONS[line.unavailableReason ?? 'soldOut'])}
          </p>
        )}
        {lowStock && (
          <p className="bag-line__note" data-testid={`${testId}-left`}>
            {t('cart.onlyLeft', { count: line.stock })}
          </p>
        )}
      </div>
    </article>
  );
}
