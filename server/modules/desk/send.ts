import { uploadedFile, type BotApi } from '../../telegram/bot-api';
import { uploadFile } from '../upload';
import { isDeskKind, type DeskKindName } from './kinds';
import type { RenderedPost } from './desk';
import type { SendPost } from './outbox-kind';

/**
 * Sends a post to the operators' chat: a top-up with its evidence picture as a file upload (the
 * file is private, Telegram cannot fetch it by address), anything else as a text message.
 */
export function deskSender(
  api: BotApi,
  desk: { chatId: number; render(kind: DeskKindName, id: number): Promise<RenderedPost | undefined> },
  dataDir: string,
): SendPost {
  return async (post) => {
    if (!isDeskKind(post.kind)) return null;
    const view = await desk.render(post.kind, post.refId);
    // Gone, or decided before it was ever posted (the command line was quicker): nothing to ask.
    if (!view || view.keyboard.length === 0) return null;
    const reply_markup = {
      inline_keyboard: view.keyboard.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))),
    };
    const file = view.photo ? uploadFile(dataDir, view.photo) : undefined;
    if (file) {
      const sent = await api.sendPhoto(desk.chatId, uploadedFile(file), {
        caption: view.text,
        reply_markup,
      });
      return { chatId: sent.chat.id, messageId: sent.message_id, photo: true };
    }
    const sent = await api.sendMessage(desk.chatId, view.text, { reply_markup });
    return { chatId: sent.chat.id, messageId: sent.message_id, photo: false };
  };
}
