import { isAccessDeniedError, requestContactComplete } from '@telegram-apps/sdk-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TelegramContact } from '@common/schemas/address';
import { ApiError } from '@app/api/client';
import { toast } from '@app/components/toast-store';
import { haptic } from '@app/telegram/buttons';
import { tgEnv } from '@app/telegram/env';
import { addressApi } from '../api';
import { FieldHelper } from './FieldHelper';

/** How long the shopper has to answer Telegram's "share your phone number?" before nothing happens. */
const ANSWER_MS = 60_000;

/**
 * "Use my Telegram phone number" on the address form (requestContact, Mini Apps 6.9): Telegram asks
 * the shopper, then hands the app the contact it signed; the server checks that signature and that
 * it is the shopper's own account before the number fills the field (address.telegramContact).
 * Not shown outside Telegram or in a client without the method: the number is typed.
 */
export function TelegramPhone({ onContact }: { onContact: (contact: TelegramContact) => void }) {
  const { t } = useTranslation();
  const env = useSnapshot(tgEnv);
  if (!env.inTelegram || !requestContactComplete.isAvailable()) return null;

  const ask = async () => {
    try {
      const { raw } = await requestContactComplete({ timeout: ANSWER_MS });
      onContact(await addressApi.telegramContact(raw));
      haptic.success();
      toast.success(t('address.phoneFromTelegram'));
    } catch (error) {
      haptic.error();
      // The server's refusal has been shown by the API layer; a shopper who said no is told so.
      if (isAccessDeniedError(error)) toast.show(t('address.phoneNotShared'), { type: 'error' });
      else if (!(error instanceof ApiError)) toast.show(t('address.phoneFailed'), { type: 'error' });
    }
  };

  return <FieldHelper text={t('address.useTelegramPhone')} testId="telegram-phone" run={ask} />;
}
