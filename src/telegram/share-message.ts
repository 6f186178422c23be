import { request } from '@telegram-apps/sdk-react';
import { clientHas } from './env';

/*
 * Telegram's prepared messages (Mini Apps 8.0): a message the bot prepared for this user
 * (savePreparedInlineMessage) is sent to a chat the user picks in Telegram's chooser. Through the
 * bridge's own request rather than the SDK's shareMessage wrapper: the wrapper's code would sit in
 * the first screen's script, this module only in the product page's.
 */

/** Whether this client can send a prepared message. */
export const canShareMessage = (): boolean => clientHas('web_app_send_prepared_message');

/**
 * Opens Telegram's chooser for the prepared message `id`: 'sent' once the user sent it, 'declined'
 * when they closed the chooser, 'failed' otherwise (expired, not this user's, no answer).
 */
export async function shareMessage(id: string): Promise<'sent' | 'declined' | 'failed'> {
  const answer = await request(
    'web_app_send_prepared_message',
    ['prepared_message_sent', 'prepared_message_failed'],
    { params: { id } },
  ).then(
    (payload) => payload ?? {},
    () => undefined,
  );
  if (!answer) return 'failed';
  if ('error' in answer) return answer.error === 'USER_DECLINED' ? 'declined' : 'failed';
  return 'sent';
}
