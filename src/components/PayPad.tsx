import { AppRoot, PinInput } from '@telegram-apps/telegram-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { tgEnv } from '../telegram/env';
import './pay-pad.css';

export const PAY_DIGITS = 6;

interface PayPadProps {
  label: string;
  /** Every change of the digits entered so far. */
  onChange: (digits: string) => void;
  disabled?: boolean;
}

/**
 * The six-digit payment-password pad: telegram-ui's PinInput (digits only, its own keypad, the
 * label shown above the cells). PinInput draws itself as a full-screen layer in the app's portal;
 * here it sits in the page, under the amount: an AppRoot of its own hands it a portal container
 * that is its own box, and pay-pad.css lays the layer out in the flow. Shared by payment and
 * withdrawal, which ask for the same payment password. To clear it after a failed try, give it a
 * new `key`.
 */
export function PayPad({ label, onChange, disabled }: PayPadProps) {
  const { t } = useTranslation();
  const env = useSnapshot(tgEnv);
  const host = useRef<HTMLDivElement>(null);
  // PinInput renders in place while its portal container is unset and through a portal once it is:
  // it waits for the container, so it never switches (a switch would remount it and lose digits).
  const [hosted, setHosted] = useState(false);
  useLayoutEffect(() => setHosted(true), []);
  // PinInput hands no attributes to its six digit fields or its keys: the fields and the backspace
  // key (an icon, the last key) are named here once they are in the page. React leaves attributes
  // it does not set alone, so the names stay through PinInput's own renders.
  useLayoutEffect(() => {
    const pad = host.current;
    if (!hosted || !pad) return;
    const fields = pad.querySelectorAll('input');
    fields.forEach((field, i) =>
      field.setAttribute('aria-label', t('payment.padDigit', { index: i + 1, total: fields.length })),
    );
    const keys = pad.querySelectorAll('button');
    keys[keys.length - 1]?.setAttribute('aria-label', t('payment.padDelete'));
  }, [hosted, t]);
  return (
    <div className={`pay-pad ${disabled ? 'pay-pad--disabled' : ''}`} aria-disabled={disabled || undefined}>
      <AppRoot
        portalContainer={host}
        appearance={env.isDark ? 'dark' : 'light'}
        platform={['ios', 'macos'].includes(env.platform) ? 'ios' : 'base'}
        className="pay-pad__root"
      >
        {hosted && (
          <PinInput
            className="pay-pad__input"
            label={label}
            aria-label={label}
            role="group"
            pinCount={PAY_DIGITS}
            // PinInput calls back from inside its own state update: the page hears of it right after.
            onChange={(value) => queueMicrotask(() => onChange(value.join('')))}
            data-testid="pay-pad"
          />
        )}
      </AppRoot>
    </div>
  );
}
