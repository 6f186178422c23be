import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '@app/components/icons';
import type { Preview } from '../api';
import { AddressBlock } from './AddressBlock';

/**
 * Where it goes: the chosen (or default) address, tapped to pick another; with no address at all,
 * a prominent "Add address" straight into the form.
 */
export function CheckoutAddress({
  address,
  onPick,
  onAdd,
}: {
  address: Preview['address'];
  onPick: () => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  if (!address) {
    return (
      <Section header={t('checkoutPage.address')}>
        <div className="checkout-page__no-address" data-testid="no-address">
          <p>{t('checkoutPage.noAddress')}</p>
          <Button size="l" stretched onClick={onAdd} data-testid="add-address">
            {t('checkoutPage.addAddress')}
          </Button>
        </div>
      </Section>
    );
  }
  return (
    <Section header={t('checkoutPage.address')}>
      <Cell
        multiline
        onClick={onPick}
        after={
          <span className="checkout-page__change">
            {t('checkoutPage.changeAddress')}
            <ChevronIcon />
          </span>
        }
        data-testid="pick-address"
      >
        <AddressBlock address={address} />
      </Cell>
    </Section>
  );
}
