import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseAmount, toAmount } from '@common/money';
import { paths } from '@common/paths';
import { errorText, isRefusal } from '@app/api/error-text';
import { mountRules, type FirstAnswers } from '@app/api/first-answers';
import { queryKeyOf, type EndpointPrefix } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Field } from '@app/components/Field';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { useClosingConfirmation } from '@app/telegram/closing';
import { ordersApi, type CheckoutParams, type Preview } from '../api';
import { AmountRows } from '../components/AmountRows';
import { CheckoutAddress } from '../components/CheckoutAddress';
import { CheckoutGroup } from '../components/CheckoutGroup';
import { PromoField } from '../components/PromoField';
import { EmptyState, ErrorState, LoadingState } from '@app/components/States';
import { submittedState } from '../lib/submitted';
import '../orders.css';

/** What a submitted checkout changes: the cart (its lines left it), the order tabs, the counts. */
export const AFTER_SUBMIT = [
  'cart.',
  'order.',
  'user.getUserInfo',
  'notify.',
] as const satisfies readonly EndpointPrefix[];

const REMARK_MAX = 200;

const previewAnswer = (params: CheckoutParams) => ({
  name: 'checkout.preview' as const,
  params,
  load: () => ordersApi.preview(params),
});

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = ({ search }) => [previewAnswer(paths.checkout.previewOf(search))];

/**
 * /checkout: what is bought (the query's "buy now" product, else the selected cart lines), grouped
 * by shop, to which address, with freight, a promo code, a remark and the totals against the
 * balance. Telegram's main button submits; the orders then wait for payment on /payment.
 */
export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { address_id: addressId, ...buying } = paths.checkout.previewOf(location.search);
  const [promo, setPromo] = useState<string>();
  const [remark, setRemark] = useState('');
  useClosingConfirmation(true);

  const answer = previewAnswer({ ...buying, address_id: addressId, promo_code: promo });
  const queryKey = queryKeyOf(answer.name, answer.params, i18n.language);
  const preview = useQuery({
    queryKey,
    queryFn: answer.load,
    // A new promo code or address keeps the last preview on screen while the new one comes.
    placeholderData: keepPreviousData,
    // Asked afresh on every visit (the bag may have changed), but for start-up's own answer.
    ...mountRules(queryKey, true),
  });
  const data = preview.data;

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.bag.href(), { replace: true });
  };
  // Either way the chosen address comes back as this checkout's address_id (paths.address.picked).
  const here = location.pathname + location.search;
  const pickAddress = () => navigate(paths.address.pick(here));
  const addAddress = () => navigate(paths.addressForm.pick(here));

  // The hook's intent: the same key again when this checkout is retried after an uncertain failure.
  const submitting = useEndpointMutation('checkout.submit', {
    invalidates: AFTER_SUBMIT,
    // In place of the checkout: back from an unpaid payment goes to the orders, never here again.
    onSuccess: (answer) =>
      navigate(paths.payment.href({ out_trade_no: answer.outTradeNo }), {
        replace: true,
        state: submittedState(answer.orderIds),
      }),
    // The client has toasted why (out of stock, address gone...): show what holds now.
    onError: () => void preview.refetch(),
  });
  const submit = async () => {
    if (!data?.address || submitting.busy || preview.isFetching) return;
    await submitting.mutate({
      ...buying,
      address_id: data.address.id,
      remark: remark.trim() || undefined,
      promo_code: data.promo?.applied ? data.promo.code : undefined,
    });
  };

  if (!data) {
    const refused = preview.isError && isRefusal(preview.error);
    return (
      <Page className="orders-page">
        {preview.isError ? (
          refused ? (
            <EmptyState
              className="orders-state"
              text={errorText(preview.error)}
              testId="checkout-refused"
              action={
                <Button size="m" mode="bezeled" onClick={back}>
                  {t('checkoutPage.back')}
                </Button>
              }
            />
          ) : (
            <ErrorState
              className="orders-state"
              message={errorText(preview.error)}
              onRetry={() => void preview.refetch()}
            />
          )
        ) : (
          <LoadingState />
        )}
      </Page>
    );
  }

  return (
    <Page
      className="orders-page checkout"
      main={{
        text: t('checkoutPage.submit'),
        onClick: () => void submit(),
        enabled: Boolean(data.address) && !preview.isFetching,
        loading: submitting.busy,
      }}
    >
      <List>
        <CheckoutAddress address={data.address} onPick={pickAddress} onAdd={addAddress} />
        {data.groups.map((group) => (
          <CheckoutGroup key={group.shopId} group={group} />
        ))}
        <Section header={t('checkoutPage.extras')}>
          <PromoField
            promo={data.promo}
            applying={preview.isFetching && promo !== undefined}
            onApply={(code) => setPromo(code || undefined)}
          />
          <Field
            label={t('checkoutPage.remark')}
            placeholder={t('checkoutPage.remarkPlaceholder')}
            name="remark"
            maxLength={REMARK_MAX}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Section>
        <Totals data={data} />
      </List>
      {preview.isError && (
        <p className="orders-note orders-note--error" role="alert">
          {errorText(preview.error)}
        </p>
      )}
      {!data.address && <p className="orders-note">{t('checkoutPage.addressFirst')}</p>}
    </Page>
  );
}

function Totals({ data }: { data: Preview }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const total = parseAmount(data.total) ?? 0;
  const balance = parseAmount(data.balance) ?? 0;
  const discounted = (parseAmount(data.discount) ?? 0) > 0;
  return (
    <Section header={t('checkoutPage.summary')}>
      <div>
        <AmountRows
          rows={[
            { label: t('checkoutPage.goods'), value: formatMoney(data.goodsAmount), testId: 'goods' },
            { label: t('checkoutPage.freight'), value: formatMoney(data.freight), testId: 'freight' },
            discounted && {
              label: t('checkoutPage.discount'),
              value: `−${formatMoney(data.discount)}`,
              testId: 'discount',
            },
            { label: t('checkoutPage.total'), value: formatMoney(data.total), total: true, testId: 'total' },
            { label: t('checkoutPage.balance'), value: formatMoney(data.balance), testId: 'balance' },
          ]}
        />
        {balance < total && (
          <p className="orders-note" data-testid="balance-short">
            {t('checkoutPage.balanceShort', { amount: formatMoney(toAmount(total - balance)) })}
          </p>
        )}
      </div>
    </Section>
  );
}
