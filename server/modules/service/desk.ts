import type { OperatorMessage, ServiceDesk } from '@bot/deps';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { toStoredWebp, storeUpload } from '../upload';
import { answerFromChat, shopperOf } from './operator-chat';

/**
 * The bot's customer-service desk on the shop's database: an operator's answer (with its picture,
 * downloaded from Telegram and stored as the shopper's upload, re-encoded like any other) joins
 * the shopper's conversation; `wake` sends it on at once.
 */
export function serviceDesk(
  db: Db,
  config: Pick<Config, 'OPERATOR_CHAT_ID' | 'OPERATOR_IDS' | 'DATA_DIR' | 'UPLOAD_DAILY_BYTES'>,
  download: (filePath: string) => Promise<Buffer>,
  wake?: () => void,
): ServiceDesk | undefined {
  if (config.OPERATOR_CHAT_ID === undefined) return undefined;
  return {
    chatId: config.OPERATOR_CHAT_ID,
    operatorIds: config.OPERATOR_IDS,
    download,
    async fromOperator(m: OperatorMessage) {
      const userId = await shopperOf(db, m);
      if (userId === undefined) return false;
      let picture: string | undefined;
      if (m.photo) {
        // Telegram does not send an update again once the bot took it: the photo waits its turn.
        const webp = await toStoredWebp(await m.photo(), { alwaysWait: true });
        picture = await storeUpload(db, {
          dataDir: config.DATA_DIR,
          userId,
          webp,
          dailyBytes: Number.MAX_SAFE_INTEGER,
        });
      }
      const stored = await answerFromChat(db, { ...m, picture }, config.DATA_DIR);
      if (stored) wake?.();
      return stored;
    },
  };
}

/** Downloads a Telegram file through the Bot API's file address (another root in tests). */
export function telegramDownload(token: string, apiRoot = 'https://api.telegram.org') {
  return async (filePath: string): Promise<Buffer> => {
    const res = await fetch(`${apiRoot}/file/bot${token}/${filePath}`);
    if (!res.ok) throw new Error(`Telegram file download failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
}
