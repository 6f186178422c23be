import { invoice } from '@telegram-apps/sdk-react';
import { Button } from '@telegram-apps/telegram-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { toAmount } from '@common/money';
import { paths, type PayTarget } from '@common/paths';
import type { CardSettlement } from '@common/schemas/order';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { invalidateAfterPayment, queryKeyOf } from '@app/api/query-client';
import { useLoad } from '@app/api/use-load';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { haptic } from '@app/telegram/buttons';
import { tgEnv } from '@app/telegram/env';
import { payInvoice, type InvoiceOutcome } from '@app/telegram/invoice';
import { ordersApi } from '../api';

/** How often the screen asks what came of a paid invoice (the bot pays the orders from it). */
const SETTLE_POLL_MS = 1500;

type Outcome = Exclude<InvoiceOutcome, 'paid'>;

/**
 * "Pay by card" beside the payment password: one Telegram invoice for what the orders cost
 * (checkout.payCard, opened with the SDK's invoice.open(link, 'url')). Telegram tells the bot of the
 * payment and the bot pays the orders from it; this waits for that (`onSettled`: the payment
 * screen then shows the same success as a payment from the balance). Orders that could no longer be
 * paid leave the money on the balance, and the shopper reads why (CardToBalance). Shown only inside Telegram, where the client can
 * open invoices and the shop has a payment provider.
 */
export function CardPay({
  target,
  amount,
  disabled,
  onSettled,
}: {
  target: PayTarget;
  /** What the orders cost now, in cents. */
  amount: number;
  disabled: boolean;
  /** The bot has paid the orders from the card's money, or left it on the balance. */
  onSettled: (settlement: CardSettlement) => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const env = useSnapshot(tgEnv);
  const canOpen = env.inTelegram && invoice.open.isAvailable();
  const available = useLoad('wallet.getBlockchain', { cardAvailable: true }, ordersApi.cardAvailable, {
    enabled: canOpen && amount > 0,
  });
  const [outcome, setOutcome] = useState<Outcome>();
  const [paidId, setPaidId] = useState<number>();
  // Busy until Telegram's invoice is closed; the key stays the same for a retry after an uncertain failure.
  const paying = useEndpointMutation('checkout.payCard', {
    run: async (send, _: void) => {
      setOutcome(undefined);
      const answer = await send(target);
      const closed = await payInvoice(answer.invoiceLink);
      if (closed === 'paid') setPaidId(answer.id);
      else setOutcome(closed);
    },
    // Refused by the server (toasted: no Telegram account, too many invoices) or no invoice opened.
    haptic: { error: true },
  });
  const busy = paying.busy;

  if (!canOpen || amount <= 0 || available.data !== true) return null;

  const pay = () => paying.mutate();

  if (paidId !== undefined) return <Settling id={paidId} onSettled={onSettled} />;
  return (
    <div className="pay-card">
      <span className="pay-card__or">{t('payment.card.or')}</span>
      <Button
        size="l"
        mode="bezeled"
        stretched
        className="pay-card__button"
        loading={busy}
        disabled={disabled}
        onClick={() => void pay()}
        data-testid="pay-card"
      >
        {t('payment.card.pay', { amount: formatMoney(toAmount(amount)) })}
      </Button>
      {outcome && (
        <p
          className={`orders-note pay-card__note pay-card__note--${outcome}`}
          role="status"
          data-testid="card-outcome"
        >
          {t(`payment.card.${outcome}`)}
        </p>
      )}
    </div>
  );
}

/** A paid invoice: asks what came of it until the bot has paid the orders (or credited the balance). */
function Settling({ id, onSettled }: { id: number; onSettled: (settlement: CardSettlement) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const record = useQuery({
    queryKey: queryKeyOf('checkout.cardPayment', { id }, i18n.language),
    queryFn: () => ordersApi.cardPayment(id),
    refetchInterval: (query) => (query.state.data?.settlement ? false : SETTLE_POLL_MS),
    staleTime: 0,
  });
  const settlement = record.data?.settlement;
  const done = useRef(onSettled);
  done.current = onSettled;
  useEffect(() => {
    if (!settlement) return;
    void invalidateAfterPayment(client);
    done.current(settlement);
  }, [settlement, client]);
  return (
    <p className="orders-note pay-busy" role="status" data-testid="card-settling">
      {t('payment.card.settling')}
    </p>
  );
}

/** The card was charged but the orders could no longer be paid: why, and the money on the balance. */
export function CardToBalance({
  settlement,
}: {
  settlement: Extract<CardSettlement, { outcome: 'balance' }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  useEffect(() => void haptic.error(), []);
  return (
    <Page
      className="orders-page"
      main={{
        text: t('payment.card.toWallet'),
        onClick: () => navigate(paths.bill.href(), { replace: true }),
      }}
    >
      <div className="pay-failure" role="alert" data-testid="card-to-balance">
        <strong className="pay-failure__title">{t('payment.card.notPaid')}</strong>
        <p className="pay-failure__message">{settlement.reason}</p>
        <p className="pay-failure__hint">
          {t('payment.card.toBalance', { balance: formatMoney(settlement.balance) })}
        </p>
      </div>
    </Page>
  );
}
