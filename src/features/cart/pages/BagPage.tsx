import { Button, Checkbox, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CartAnswer, CartLine } from '@common/schemas/cart';
import { paths } from '@common/paths';
import { cartAnswer } from '@app/api/cart-query';
import type { FirstAnswers } from '@app/api/first-answers';
import { PendingState } from '@app/components/States';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { session } from '@app/stores/session';
import { confirmAction } from '@app/telegram/confirm';
import { CartLineRow } from '../components/CartLineRow';
import { ShopGroup } from '../components/ShopGroup';
import { BagIcon } from '../components/icons';
import { useCart } from '../hooks/use-cart';
import '../cart.css';

/**
 * /bag (a tab, kept alive): the shopper's lines by shop with their select boxes, quantities and
 * delete, the lines that cannot be bought apart, and the selection's total. Telegram's main button
 * checks the selection out; the checkout reads the selected lines from the server.
 */
/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [cartAnswer];

export default function BagPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const { cart, error, loading, reload, busy, ...changes } = useCart();

  if (!token) {
    return (
      <Page className="bag-page">
        <Placeholder
          className="bag-state"
          header={t('cart.loginTitle')}
          description={t('cart.loginHint')}
          action={
            <Button size="m" onClick={() => navigate(paths.login.href())} data-testid="bag-login">
              {t('cart.login')}
            </Button>
          }
        >
          <span className="bag-state__icon">
            <BagIcon />
          </span>
        </Placeholder>
      </Page>
    );
  }
  if (!cart) {
    return (
      <Page className="bag-page">
        <PendingState
          className="bag-state"
          error={loading ? null : error}
          onRetry={() => void reload()}
          waitingClassName="bag-state"
        />
      </Page>
    );
  }
  if (cart.shops.length === 0 && cart.unavailable.length === 0) {
    return (
      <Page className="bag-page">
        <Placeholder
          className="bag-state"
          header={t('cart.empty')}
          description={t('cart.emptyHint')}
          action={
            <Button size="m" onClick={() => navigate(paths.explore.href())} data-testid="bag-explore">
              {t('cart.explore')}
            </Button>
          }
          data-testid="bag-empty"
        >
          <span className="bag-state__icon">
            <BagIcon />
          </span>
        </Placeholder>
      </Page>
    );
  }
  return <BagLines cart={cart} busy={busy} changes={changes} />;
}

interface BagLinesProps {
  cart: CartAnswer;
  busy: boolean;
  changes: Pick<ReturnType<typeof useCart>, 'setNum' | 'select' | 'remove'>;
}

function BagLines({ cart, busy, changes }: BagLinesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const lines = cart.shops.flatMap((s) => s.lines);
  const selectedLines = lines.filter((l) => l.selected).length;
  const allSelected = lines.length > 0 && selectedLines === lines.length;

  const remove = async (line: CartLine) => {
    if (!(await confirmAction(t('cart.deleteConfirm', { title: line.title }), t('cart.delete')))) return;
    await changes.remove([line.id]);
  };
  const removeUnavailable = async () => {
    const ids = cart.unavailable.map((l) => l.id);
    if (!(await confirmAction(t('cart.deleteUnavailable', { count: ids.length }), t('cart.removeAll'))))
      return;
    await changes.remove(ids);
  };

  return (
    <Page
      className="bag-page"
      main={{
        text: t('cart.checkout', { count: cart.selectedCount }),
        enabled: cart.selectedCount > 0,
        onClick: () => navigate(paths.checkout.href()),
      }}
    >
      {cart.shops.map((shop) => (
        <ShopGroup
          key={shop.shopId}
          shop={shop}
          busy={busy}
          onSelectShop={(selected) => changes.select({ mer_id: shop.shopId, selected })}
          onSelectLine={(line, selected) => changes.select({ cart_ids: [line.id], selected })}
          onNum={(line, num) => changes.setNum(line.id, num)}
          onDelete={remove}
        />
      ))}

      {cart.unavailable.length > 0 && (
        <section className="bag-card bag-card--unavailable" data-testid="bag-unavailable">
          <header className="bag-card__head bag-card__head--split">
            <h2 className="bag-card__title">
              {t('cart.unavailable')} ({cart.unavailable.length})
            </h2>
            <Button
              size="s"
              mode="plain"
              className="bag-card__action"
              disabled={busy}
              onClick={removeUnavailable}
              data-testid="bag-remove-unavailable"
            >
              {t('cart.removeAll')}
            </Button>
          </header>
          <p className="bag-card__hint">{t('cart.unavailableHint')}</p>
          {cart.unavailable.map((line) => (
            <CartLineRow key={line.id} line={line} busy={busy} onDelete={() => remove(line)} />
          ))}
        </section>
      )}

      <div className="bag-summary" data-testid="bag-summary">
        {lines.length > 0 && (
          <div className="bag-summary__all">
            <Checkbox
              id="bag-select-all"
              checked={selectedLines > 0}
              indeterminate={selectedLines > 0 && !allSelected}
              disabled={busy}
              onChange={() => changes.select({ selected: !allSelected })}
              data-testid="bag-select-all"
            />
            <label htmlFor="bag-select-all">{t('cart.selectAll')}</label>
          </div>
        )}
        <div className="bag-summary__total">
          <span className="bag-summary__line">
            <span className="bag-summary__label">{t('cart.total')}</span>
            <strong className="bag-summary__amount" data-testid="bag-total">
              {money(cart.selectedTotal)}
            </strong>
          </span>
          <span className="bag-summary__count" data-testid="bag-selected">
            {t('cart.selected', { count: cart.selectedCount })}
          </span>
        </div>
      </div>
    </Page>
  );
}
