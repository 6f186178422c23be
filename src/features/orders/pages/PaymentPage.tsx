import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseAmount, toAmount } from '@common/money';
import { ORDER_STATUS } from '@common/order-status';
import { paths, readPayTarget, type PayTarget } from '@common/paths';
import { ApiError } from '@app/api/client';
import { answeredForCertain, createIntent } from '@app/api/idempotency';
import { AFTER_PAYMENT } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { useBackTo } from '@app/components/back-to';
import { WithIdentifier } from '@app/components/Identifier';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { haptic } from '@app/telegram/buttons';
import { useClosingConfirmation } from '@app/telegram/closing';
import { ordersApi, type PayAnswer } from '../api';
import type { CardSettlement } from '@common/schemas/order';
import { AmountRows } from '../components/AmountRows';
import { CardPay, CardToBalance } from '../components/CardPay';
import { PayFailure, type Failure } from '../components/PayFailure';
import { PayPad, PAY_DIGITS } from '@app/components/PayPad';
import { PaySuccess } from '../components/PaySuccess';
import { EmptyState, PendingState } from '@app/components/States';
import { CREDENTIAL_REFUSED, useBiometricPay } from '../lib/biometric-pay';
import { afterPayment, submittedOrders } from '../lib/submitted';
import { NothingHere } from '../components/ScreenStates';
import '../orders.css';

interface DueOrder {
  id: number;
  orderSn: string;
  shopName: string;
  total: string;
}

/** The unpaid orders the payment covers: every one of the checkout, or the one order. */
async function loadDue(target: PayTarget): Promise<DueOrder[]> {
  const pick = ({ id, orderSn, shopName, total }: DueOrder) => ({ id, orderSn, shopName, total });
  if ('order_id' in target) {
    const order = await ordersApi.detail(target.order_id);
    return order.status === ORDER_STATUS.waitingPay ? [pick(order)] : [];
  }
  // A checkout makes one order per shop: far fewer than a page of 50.
  const unpaid = await ordersApi.list({ status: ORDER_STATUS.waitingPay, page: 1, limit: 50 });
  return unpaid.list.filter((o) => o.outTradeNo === target.out_trade_no).map(pick);
}

const centsOf = (amount: string) => parseAmount(amount) ?? 0;

/** What proves the shopper pays: the six digits, or the credential Face ID or a fingerprint released. */
type Proof = { password_pay: string } | { pay_credential: string };

/**
 * /payment?out_trade_no=… (every order of a checkout) or ?order_id=… (one order): the amount, the
 * balance and the six-digit payment-password pad. It pays on the sixth digit (or with the main
 * button), then shows the success screen or why it failed, with the way on where there is one.
 */
export default function PaymentPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = readPayTarget(location.search);
  if (!target) {
    return <NothingHere header={t('payment.nothing')} text={t('payment.nothingHint')} />;
  }
  return <Payment target={target} submitted={submittedOrders(location.state)} />;
}

/**
 * `submitted`: the orders the checkout has just made, when it opened this payment. Back then goes to
 * them (the order, which says until when it waits, or their tab), not to the bag they left.
 */
function Payment({ target, submitted }: { target: PayTarget; submitted: number[] | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const group = 'out_trade_no' in target;
  const due = useLoad(group ? 'order.list' : 'order.detail', { pay: target }, () => loadDue(target), {
    fresh: true,
  });
  const user = useLoad('user.getUserInfo', {}, ordersApi.userInfo, { fresh: true });
  const [intent] = useState(createIntent);
  const [digits, setDigits] = useState('');
  const [padKey, setPadKey] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<{ answer: PayAnswer; orders: DueOrder[] } | null>(null);
  const [toBalance, setToBalance] = useState<Extract<CardSettlement, { outcome: 'balance' }>>();
  const bio = useBiometricPay();
  const bioAsked = useRef(false);
  useClosingConfirmation(!done && !toBalance);
  useBackTo(submitted && afterPayment(submitted, Boolean(done)));

  const orders = due.data ?? [];
  const amount = orders.reduce((sum, o) => sum + centsOf(o.total), 0);

  /** Why a payment failed, on the screen; after a definite answer the next try is a new password. */
  const failed = async (e: unknown) => {
    haptic.error();
    const certain = answeredForCertain(e);
    const error = e instanceof ApiError ? e.error : undefined;
    const message = e instanceof Error && e.message ? e.message : t('payment.failed');
    if (error === 'errors.balanceShort') await user.reload();
    if (error && CREDENTIAL_REFUSED.includes(error)) await bio.refused();
    setFailure({ error, message, retry: !certain });
    if (certain) {
      // A definite answer: the next try is a new password (and a new intent).
      setDigits('');
      setPadKey((k) => k + 1);
    }
  };
  /** Busy until the failure is on the screen (the balance or the biometric state fetched again). */
  const settling = async <A,>(sending: Promise<A>): Promise<A> => {
    try {
      return await sending;
    } catch (e) {
      await failed(e);
      throw e;
    }
  };
  // Both calls of the page share one intent: the same key again for a retry after an uncertain failure.
  const paid = {
    request: { showError: false },
    intent,
    invalidates: AFTER_PAYMENT,
    haptic: { success: 'success' },
    onSuccess: (answer: PayAnswer, proof: Proof) => {
      setDone({ answer, orders });
      if ('password_pay' in proof && proof.password_pay) void bio.offer(proof.password_pay);
    },
  } as const;
  const payGroup = useEndpointMutation('checkout.payGroup', {
    ...paid,
    run: (send, proof: Proof) =>
      settling(send({ out_trade_no: (target as { out_trade_no: string }).out_trade_no, ...proof })),
  });
  const payOrder = useEndpointMutation('checkout.payOrder', {
    ...paid,
    run: (send, proof: Proof) =>
      settling(send({ order_id: (target as { order_id: number }).order_id, ...proof })),
  });
  const busy = payGroup.busy || payOrder.busy;

  /** Pays with the six digits, or with the credential Face ID or a fingerprint released. */
  const pay = async (proof: Proof) => {
    const password = 'password_pay' in proof ? proof.password_pay : undefined;
    if (busy || orders.length === 0) return;
    if (password !== undefined && password.length !== PAY_DIGITS) return;
    setFailure(null);
    await (group ? payGroup : payOrder).mutate(proof);
  };

  const onDigits = (value: string) => {
    if (busy) return;
    setDigits(value);
    if (value.length < PAY_DIGITS) setFailure((f) => (f?.retry ? f : null));
    if (value.length === PAY_DIGITS) void pay({ password_pay: value });
  };

  /** Face ID or a fingerprint instead of the digits; refused or cancelled, the keypad stays. */
  const payByBiometrics = async () => {
    const credential = await bio.credential();
    if (credential) await pay({ pay_credential: credential });
  };
  const canPay = Boolean(due.data?.length) && user.data?.hasPayPassword === true;
  // A device that pays with biometrics asks for them once, as the screen opens, and never once the
  // orders are paid (Face ID is turned on right after a payment with the password).
  useEffect(() => {
    if (done || toBalance || !bio.ready || !canPay || bioAsked.current) return;
    bioAsked.current = true;
    void payByBiometrics();
  });

  const onCardSettled = (settlement: CardSettlement) => {
    if (settlement.outcome === 'balance') return setToBalance(settlement);
    const { outTradeNo, orderIds, paid, balance } = settlement;
    setDone({ answer: { outTradeNo, orderIds, paid, balance }, orders });
  };

  if (done) return <PaySuccess answer={done.answer} orders={done.orders} />;
  if (toBalance) return <CardToBalance settlement={toBalance} />;

  if (!due.data) {
    return (
      <Page className="orders-page">
        {due.refused ? (
          <EmptyState
            className="orders-state"
            header={t('orderInfo.notFound')}
            text={t('orderInfo.notFoundHint')}
          />
        ) : (
          <PendingState className="orders-state" error={due.error} onRetry={due.reload} />
        )}
      </Page>
    );
  }

  if (orders.length === 0) {
    return (
      <NothingHere header={t('payment.nothing')} text={t('payment.nothingHint')} testId="nothing-to-pay" />
    );
  }

  const info = user.data;
  const balance = info ? centsOf(info.balance) : undefined;
  const noPassword = info?.hasPayPassword === false;
  const main = noPassword
    ? { text: t('payment.setPassword'), onClick: () => navigate(paths.changePayPwd.href()) }
    : {
        text: failure?.retry
          ? t('payment.tryAgain')
          : t('payment.pay', { amount: formatMoney(toAmount(amount)) }),
        onClick: () => void pay({ password_pay: digits }),
        enabled: digits.length === PAY_DIGITS,
        loading: busy,
        shine: true,
      };

  return (
    <Page className="orders-page payment" main={main}>
      <div className="pay-amount">
        <span className="pay-amount__label">{t('payment.amount')}</span>
        <strong className="pay-amount__value" data-testid="pay-amount">
          {formatMoney(toAmount(amount))}
        </strong>
      </div>
      <List>
        <Section>
          <AmountRows
            rows={[
              ...orders.map((o) => ({
                label:
                  orders.length > 1 ? (
                    o.shopName
                  ) : (
                    <WithIdentifier text={t('payment.order', { sn: o.orderSn })} value={o.orderSn} />
                  ),
                value: formatMoney(o.total),
              })),
              {
                label: t('payment.balance'),
                value: balance === undefined ? '…' : formatMoney(toAmount(balance)),
                testId: 'pay-balance',
              },
            ]}
          />
        </Section>
      </List>
      {noPassword ? (
        <PayFailure
          failure={{ error: 'errors.payPasswordNotSet', message: t('payment.noPassword') }}
          amount={amount}
          balance={balance}
        />
      ) : (
        <>
          {failure && <PayFailure failure={failure} amount={amount} balance={balance} />}
          {busy && (
            <p className="orders-note pay-busy" role="status">
              {t('payment.paying')}
            </p>
          )}
          <PayPad key={padKey} label={t('payment.padLabel')} onChange={onDigits} disabled={busy} />
          {bio.ready && (
            <div className="pay-bio">
              <Button
                mode="bezeled"
                size="m"
                onClick={() => void payByBiometrics()}
                disabled={busy}
                data-testid="pay-bio"
              >
                {bio.payText}
              </Button>
            </div>
          )}
        </>
      )}
      {/* A card needs no payment password. */}
      <CardPay target={target} amount={amount} disabled={busy} onSettled={onCardSettled} />
    </Page>
  );
}
