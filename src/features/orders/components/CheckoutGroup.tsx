import { Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '@common/money';
import { useMoney } from '@app/i18n/use-money';
import type { Preview } from '../api';
import { AmountRows } from './AmountRows';
import { OrderLines } from './OrderLines';
import { ShopSectionHeader } from './ShopSectionHeader';

/** One shop's part of the checkout (it becomes one order): its lines, freight, discount and total. */
export function CheckoutGroup({ group }: { group: Preview['groups'][number] }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const free = parseAmount(group.freight) === 0;
  const discounted = (parseAmount(group.discount) ?? 0) > 0;
  return (
    <Section
      className="checkout-page__group"
      data-testid="checkout-group"
      header={<ShopSectionHeader name={group.shopName} avatar={group.shopAvatar} />}
    >
      <OrderLines lines={group.lines} />
      <AmountRows
        rows={[
          { label: t('checkoutPage.goods'), value: formatMoney(group.goodsAmount) },
          {
            label: t('checkoutPage.freight'),
            value: free ? t('checkoutPage.freeShipping') : formatMoney(group.freight),
            testId: 'group-freight',
          },
          discounted && { label: t('checkoutPage.discount'), value: `−${formatMoney(group.discount)}` },
          {
            label: t('checkoutPage.shopTotal'),
            value: formatMoney(group.total),
            total: true,
            testId: 'group-total',
          },
        ]}
      />
    </Section>
  );
}
