import { locationManager } from '@telegram-apps/sdk-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '@app/api/client';
import { toast } from '@app/components/toast-store';
import { haptic } from '@app/telegram/buttons';
import { tgEnv } from '@app/telegram/env';
import { addressApi } from '../api';
import { FieldHelper } from './FieldHelper';

/** How long the shopper has to answer Telegram's "share your location?" before nothing happens. */
const ANSWER_MS = 60_000;

/**
 * "Use my location" beside the country (Telegram's location manager, Mini Apps 8.0): the phone's
 * position goes to our own server, which names the country from the borders it keeps (no third
 * party is asked); the country is chosen, the region is left to the shopper. Refused: Telegram's
 * settings can turn it on. Not shown outside Telegram or in an older client.
 */
export function TelegramLocation({ onCountry }: { onCountry: (code: string) => void }) {
  const { t } = useTranslation();
  const env = useSnapshot(tgEnv);
  if (!env.inTelegram || !locationManager.mount.isAvailable()) return null;

  const locate = async () => {
    try {
      if (!locationManager.isMounted()) await locationManager.mount();
      if (!locationManager.isAvailable()) {
        toast.show(t('address.locationUnavailable'), { type: 'error' });
        return;
      }
      // Refused before: only Telegram's settings can allow it now.
      if (locationManager.isAccessRequested() && !locationManager.isAccessGranted()) {
        toast.show(t('address.locationDenied'), { type: 'error' });
        locationManager.openSettings.ifAvailable();
        return;
      }
      const { latitude, longitude } = await locationManager.requestLocation({ timeout: ANSWER_MS });
      const { country } = await addressApi.areaAt(latitude, longitude);
      if (!country) {
        toast.show(t('address.locationNoCountry'), { type: 'error' });
        return;
      }
      haptic.success();
      onCountry(country);
      toast.success(t('address.locationCountry'));
    } catch (error) {
      haptic.error();
      // The server's refusal has been shown by the API layer; Telegram answers "not available"
      // when the shopper says no.
      if (!(error instanceof ApiError)) toast.show(t('address.locationDenied'), { type: 'error' });
    }
  };

  return <FieldHelper text={t('address.useLocation')} testId="telegram-location" run={locate} />;
}
