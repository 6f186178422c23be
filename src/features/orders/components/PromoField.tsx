import { Button } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@app/components/Field';
import { useMoney } from '@app/i18n/use-money';
import type { Preview } from '../api';

interface PromoFieldProps {
  /** The preview's verdict on the code asked with, or null when none was. */
  promo: Preview['promo'];
  applying: boolean;
  /** Asks for a preview with `code` ('' takes the code off). */
  onApply: (code: string) => void;
}

/**
 * The promo code: typed, applied through a new preview, then shown with its discount or the
 * server's translated reason it does not apply (expired, minimum spend, used up...).
 */
export function PromoField({ promo, applying, onApply }: PromoFieldProps) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const [text, setText] = useState(promo?.code ?? '');
  const applied = promo?.applied ? promo : null;
  const reason =
    promo && !promo.applied ? (promo.message ?? promo.error ?? t('checkoutPage.promoInvalid')) : null;
  return (
    <div className="checkout-promo">
      <form
        className="checkout-promo__row"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(text.trim());
        }}
      >
        <Field
          label={t('checkoutPage.promo')}
          placeholder={t('checkoutPage.promoPlaceholder')}
          name="promo_code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          value={text}
          onChange={(e) => setText(e.target.value)}
          status={reason ? 'error' : 'default'}
          after={
            applied ? (
              <Button
                size="s"
                mode="plain"
                type="button"
                onClick={() => {
                  setText('');
                  onApply('');
                }}
                data-testid="promo-remove"
              >
                {t('checkoutPage.promoRemove')}
              </Button>
            ) : (
              <Button
                size="s"
                mode="bezeled"
                type="submit"
                loading={applying}
                disabled={!text.trim()}
                data-testid="promo-apply"
              >
                {t('checkoutPage.promoApply')}
              </Button>
            )
          }
        />
      </form>
      {applied && (
        <p className="checkout-promo__ok" data-testid="promo-applied">
          {t('checkoutPage.promoApplied', { code: applied.code, amount: formatMoney(applied.discount) })}
        </p>
      )}
      {reason && (
        <p className="checkout-promo__error" role="alert" data-testid="promo-error">
          {reason}
        </p>
      )}
    </div>
  );
}
