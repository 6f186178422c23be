import { Button, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Field } from '@app/components/Field';
import { toast } from '@app/components/toast-store';
import { useMoney } from '@app/i18n/use-money';
import type { OrderDetail } from '../api';
import { AFTER_ORDER_CHANGE } from '../hooks/use-order-actions';
import { useDateTime } from '../lib/format';
import { AmountRows } from './AmountRows';

type Refund = NonNullable<OrderDetail['refund']>;

/**
 * The order's refund on its page: state, amount, type, reason and explanation, the proof pictures,
 * the operator's reason for a refusal, and for an approved return the address to send the goods to
 * with the form for the parcel's carrier and tracking number.
 */
export function RefundBlock({ orderId, refund }: { orderId: number; refund: Refund }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const when = useDateTime();
  const returning = refund.status === 'waitingGoods' || refund.status === 'refunding';
  return (
    <Section header={t('refund.block')}>
      <div className={`refund-state refund-state--${refund.status}`} data-testid="refund-state">
        {t(`refund.state.${refund.status}`)}
      </div>
      <AmountRows
        rows={[
          { label: t('refund.amount'), value: formatMoney(refund.amount), testId: 'refund-amount-shown' },
          { label: t('refund.type'), value: t(`refund.types.${refund.serviceType}`), text: true },
          { label: t('refund.reason'), value: t(`refund.reasons.${refund.reasonType}`), text: true },
          { label: t('refund.explain'), value: refund.explain, text: true },
          { label: t('refund.requestedAt'), value: when(refund.createdAt) },
          refund.refuseReason && {
            label: t('refund.refuseReason'),
            value: refund.refuseReason,
            text: true,
            testId: 'refund-refuse-reason',
          },
        ]}
      />
      {refund.images.length > 0 && (
        <div className="proof-pictures proof-pictures--shown">
          {refund.images.map((src) => (
            <figure key={src} className="proof-pictures__item">
              <img src={src} alt="" />
            </figure>
          ))}
        </div>
      )}
      {returning && refund.returnAddress && (
        <div className="refund-return" data-testid="refund-return">
          <div className="field__label">{t('refund.returnAddress')}</div>
          <p className="refund-return__address">{refund.returnAddress}</p>
          <p className="orders-note">{t('refund.returnHint')}</p>
          <ReturnParcel orderId={orderId} refund={refund} />
        </div>
      )}
    </Section>
  );
}

function ReturnParcel({ orderId, refund }: { orderId: number; refund: Refund }) {
  const { t } = useTranslation();
  const [carrier, setCarrier] = useState(refund.returnCarrier ?? '');
  const [trackingNo, setTrackingNo] = useState(refund.returnTrackingNo ?? '');
  const saving = useEndpointMutation('order.refundReturn', {
    run: async (send, _: void) => {
      await send({ order_id: orderId, carrier: carrier.trim(), tracking_no: trackingNo.trim() });
      toast.success(t('refund.state.refunding'));
    },
    invalidates: AFTER_ORDER_CHANGE,
    awaitFresh: true,
  });
  const busy = saving.busy;
  const save = () => saving.mutate();
  return (
    <div className="form">
      <Field
        label={t('refund.carrier')}
        value={carrier}
        maxLength={64}
        onChange={(e) => setCarrier(e.target.value)}
        data-testid="return-carrier"
      />
      <Field
        label={t('refund.trackingNo')}
        value={trackingNo}
        maxLength={64}
        onChange={(e) => setTrackingNo(e.target.value)}
        data-testid="return-tracking"
      />
      <Button
        size="m"
        mode="bezeled"
        stretched
        loading={busy}
        disabled={busy || !carrier.trim() || !trackingNo.trim()}
        onClick={() => void save()}
        data-testid="return-save"
      >
        {t('refund.saveParcel')}
      </Button>
    </div>
  );
}
