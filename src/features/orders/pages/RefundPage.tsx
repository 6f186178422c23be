import {
  Checkbox,
  Cell,
  List,
  Section,
  SegmentedControl,
  Select,
  Textarea,
} from '@telegram-apps/telegram-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@common/paths';
import { REFUND_REASONS, REFUND_RECEIVING, REFUND_SERVICE_TYPES } from '@common/refund';
import type { Refundable } from '@common/schemas/refund';
import type { Params } from '@app/api/call';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { Field, Labelled } from '@app/components/Field';
import { Page } from '@app/components/Page';
import { toast } from '@app/components/toast-store';
import { useMoney } from '@app/i18n/use-money';
import { ordersApi, type OrderDetail } from '../api';
import { ProofPictures } from '../components/ProofPictures';
import { AFTER_ORDER_CHANGE } from '../hooks/use-order-actions';
import { checkDraft, mostText, type RefundDraft } from '../lib/refund-form';
import { NothingHere, PendingScreen } from '../components/ScreenStates';
import '../orders.css';

/**
 * /refund/:id?/:sn?/:product_ids?/:amount?: the refund request of one order. The items
 * named in the path (all by default) and the amount (the most allowed by default) are prefilled;
 * the main button sends it once per intent (an Idempotency-Key), then the order's page shows it.
 */
export default function RefundPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const orderId = /^\d{1,12}$/.test(param ?? '') ? Number(param) : 0;
  const detail = useLoad(
    'order.detail',
    { order_id: orderId },
    () => (orderId ? ordersApi.detail(orderId) : Promise.resolve(null)),
    { fresh: true },
  );
  if (detail.data === null || (!detail.data && detail.refused) || (detail.data && !detail.data.refundable)) {
    return (
      <NothingHere
        header={detail.data ? t('refund.notAllowed') : t('orderInfo.notFound')}
        text={detail.data?.refund ? t(`refund.state.${detail.data.refund.status}`) : ''}
        testId="refund-not-allowed"
        back={orderId ? paths.orderInfo.href(orderId) : undefined}
      />
    );
  }
  if (!detail.data) return <PendingScreen error={detail.error} onRetry={detail.reload} />;
  return <RefundForm order={detail.data} refundable={detail.data.refundable!} />;
}

/** The products named in the path that are in the order; all of them when none is named. */
function initialChoice(refundable: Refundable, param: string | undefined): number[] {
  const all = refundable.products.map((p) => p.productId);
  const named = (param ?? '')
    .split(',')
    .map(Number)
    .filter((n) => all.includes(n));
  return named.length ? named : all;
}

function RefundForm({ order, refundable }: { order: OrderDetail; refundable: Refundable }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const params = useParams();
  const [serviceType, setServiceType] = useState<(typeof REFUND_SERVICE_TYPES)[number]>('refund');
  const [receiving, setReceiving] = useState<(typeof REFUND_RECEIVING)[number]>(
    order.status === 1 ? 'notReceived' : 'received',
  );
  const [draft, setDraft] = useState<RefundDraft>(() => {
    const chosen = initialChoice(refundable, params.product_ids);
    return {
      chosen,
      amount: params.amount ?? mostText(refundable, chosen),
      reason: '',
      explain: '',
      images: [],
    };
  });
  const [shown, setShown] = useState(false);
  // The hook's intent: an uncertain failure keeps the key for a retry of the same request.
  const applying = useEndpointMutation('order.refund', {
    run: async (send, body: Params<'order.refund'>) => {
      await send(body);
      toast.success(t('refund.state.applying'));
    },
    invalidates: AFTER_ORDER_CHANGE,
    awaitFresh: true,
    onSuccess: () => navigate(paths.orderInfo.href(order.id), { replace: true }),
  });
  const busy = applying.busy;
  const problem = useMemo(() => checkDraft(refundable, draft), [refundable, draft]);
  const set = (patch: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggle = (productId: number) => {
    const chosen = draft.chosen.includes(productId)
      ? draft.chosen.filter((p) => p !== productId)
      : [...draft.chosen, productId];
    // The most changes with the choice: the amount follows it.
    set({ chosen, amount: chosen.length ? mostText(refundable, chosen) : draft.amount });
  };
  const message = problem ? t(problem.key, { max: problem.max ? formatMoney(problem.max) : '' }) : '';
  const products = order.items.filter(
    (item, i) => order.items.findIndex((x) => x.productId === item.productId) === i,
  );

  const submit = async () => {
    setShown(true);
    if (problem || busy) {
      if (problem) toast.show(message);
      return;
    }
    const body = {
      order_id: order.id,
      service_type: serviceType,
      receiving_status: receiving,
      amount: draft.amount.trim(),
      product_ids: draft.chosen.length === refundable.products.length ? [] : draft.chosen,
      reason_type: draft.reason as (typeof REFUND_REASONS)[number],
      refund_explain: draft.explain.trim(),
      images: draft.images,
    };
    await applying.mutate(body);
  };

  return (
    <Page
      className="orders-page refund-page"
      main={{ text: t('refund.submit'), onClick: () => void submit(), loading: busy }}
    >
      <List>
        <Section header={t('refund.items')}>
          {products.map((item) => {
            const share = refundable.products.find((p) => p.productId === item.productId);
            return (
              <Cell
                key={item.productId}
                Component="label"
                before={
                  <Checkbox
                    checked={draft.chosen.includes(item.productId)}
                    onChange={() => toggle(item.productId)}
                    // Its own label is telegram-ui's empty one, inside the row's: named here.
                    aria-label={item.title}
                    data-testid="refund-item"
                  />
                }
                subtitle={share ? formatMoney(share.max) : undefined}
                multiline
              >
                {item.title}
              </Cell>
            );
          })}
        </Section>
        <Section header={t('refund.type')}>
          <SegmentedControl className="refund-page__segments">
            {REFUND_SERVICE_TYPES.map((type) => (
              <SegmentedControl.Item
                key={type}
                className="segment-whole"
                selected={serviceType === type}
                onClick={() => setServiceType(type)}
                data-testid={`refund-type-${type}`}
              >
                {t(`refund.types.${type}`)}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl>
        </Section>
        <Section header={t('refund.receiving')}>
          <SegmentedControl className="refund-page__segments">
            {REFUND_RECEIVING.map((r) => (
              <SegmentedControl.Item
                key={r}
                className="segment-whole"
                selected={receiving === r}
                onClick={() => setReceiving(r)}
                data-testid={`refund-receiving-${r}`}
              >
                {t(`refund.receivingTypes.${r}`)}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl>
        </Section>
        <Section>
          <div className="form">
            <Field
              label={t('refund.amount')}
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => set({ amount: e.target.value })}
              data-testid="refund-amount"
            />
            <p className="orders-note" data-testid="refund-most">
              {t('refund.amountHint', { max: formatMoney(mostText(refundable, draft.chosen)) })}
            </p>
            <Labelled label={t('refund.reason')}>
              {(id) => (
                <Select
                  className="field__box"
                  id={id}
                  value={draft.reason}
                  onChange={(e) => set({ reason: e.target.value })}
                  data-testid="refund-reason"
                >
                  <option value="">{t('refund.reasonPick')}</option>
                  {REFUND_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`refund.reasons.${r}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Labelled>
            <Labelled label={t('refund.explain')}>
              {(id) => (
                <Textarea
                  className="field__box"
                  id={id}
                  value={draft.explain}
                  placeholder={t('refund.explainPlaceholder')}
                  maxLength={500}
                  rows={3}
                  onChange={(e) => set({ explain: e.target.value })}
                  data-testid="refund-explain"
                />
              )}
            </Labelled>
          </div>
        </Section>
        <Section header={t('refund.proof')} footer={t('refund.proofHint')}>
          <ProofPictures value={draft.images} onChange={(images) => set({ images })} />
        </Section>
      </List>
      {shown && problem && (
        <p className="field-error refund-page__problem" role="alert" data-testid="refund-problem">
          {message}
        </p>
      )}
    </Page>
  );
}
