import { Button } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { offerBotMessagesOnce } from '@app/telegram/native';
import type { PayAnswer } from '../api';
import { afterPayment } from '../lib/submitted';
import { AmountRows } from './AmountRows';

/** The payment went through: what was paid, what is left, and the way to the order(s). */
export function PaySuccess({
  answer,
  orders,
}: {
  answer: PayAnswer;
  /** The orders as the payment screen showed them (their shops name the links). */
  orders: readonly { id: number; orderSn: string; shopName: string }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const single = answer.orderIds.length === 1;
  const toOrders = () => navigate(afterPayment(answer.orderIds, true), { replace: true });
  // The first paid order is when news of it is worth having in Telegram.
  useEffect(() => void offerBotMessagesOnce(), []);
  return (
    <Page
      className="orders-page"
      main={{ text: single ? t('payment.viewOrder') : t('payment.viewOrders'), onClick: toOrders }}
    >
      <div className="pay-done" data-testid="pay-success" role="status">
        <svg className="pay-done__icon" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2 className="pay-done__title">{t('payment.success')}</h2>
        <p className="pay-done__hint">{t('payment.successHint')}</p>
        <AmountRows
          rows={[
            { label: t('payment.paid'), value: formatMoney(answer.paid), testId: 'paid' },
            { label: t('payment.balanceLeft'), value: formatMoney(answer.balance), testId: 'balance-left' },
          ]}
        />
        {!single && (
          <ul className="pay-done__orders">
            {answer.orderIds.map((id) => {
              const order = orders.find((o) => o.id === id);
              return (
                <li key={id}>
                  <Link to={paths.orderInfo.href(id)} data-testid="paid-order">
                    <span className="pay-done__shop">{order?.shopName ?? t('payment.viewOrder')}</span>
                    {order && <span className="pay-done__sn identifier-inline">{order.orderSn}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <div className="pay-done__links">
          <Button size="s" mode="plain" onClick={() => navigate(paths.home.href(), { replace: true })}>
            {t('payment.continue')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
