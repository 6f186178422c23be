import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@app/components/toast-store';
import {
  biometricCredential,
  biometricDevice,
  enableBiometricPay,
  forgetBiometricCredential,
  type BiometricDevice,
} from '@app/telegram/biometry';
import { confirmAction } from '@app/telegram/confirm';
import { getStored, setStored } from '@app/telegram/storage';

/** The server's answers that mean this device's credential no longer pays. */
export const CREDENTIAL_REFUSED = ['errors.payCredentialWrong', 'errors.payCredentialRefused'];

/** Asked once a year at most: a shopper who said "not now" is not asked after every payment. */
const OFFERED_KEY = 'bioPayOffered';
const OFFER_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * /payment's biometrics (src/telegram/biometry.ts): whether this device pays with Face ID or a
 * fingerprint (`ready`), the credential they release (`credential`), the offer after a payment with
 * the password (`offer`), and forgetting a credential the server refused (`refused`).
 */
export function useBiometricPay() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<BiometricDevice>();
  useEffect(() => {
    let live = true;
    void biometricDevice().then((d) => live && setDevice(d));
    return () => {
      live = false;
    };
  }, []);
  const kindText = t(`payment.bioKind.${device?.kind ?? 'unknown'}`);

  return {
    ready: Boolean(device?.saved),
    /** "Pay with Face ID", in the device's kind of biometrics. */
    payText: t('payment.bioPay', { kind: kindText }),
    credential: biometricCredential,
    async refused() {
      await forgetBiometricCredential();
      setDevice((d) => d && { ...d, saved: false });
    },
    /** After a payment with `password`: "Use Face ID next time?", once. Never throws. */
    async offer(password: string) {
      if (!device || device.saved || (await getStored(OFFERED_KEY).catch(() => 'unknown'))) return;
      await setStored(OFFERED_KEY, 'asked', Date.now() + OFFER_KEPT_MS).catch(() => undefined);
      if (
        !(await confirmAction(t('payment.bioOffer', { kind: kindText }), t('payment.bioUse'), {
          destructive: false,
        }))
      )
        return;
      if (await enableBiometricPay(device, password)) {
        setDevice({ ...device, saved: true });
        toast.success(t('payment.bioOn', { kind: kindText }));
      }
    },
  };
}
