import { Composer, type Context } from 'grammy';
import type { BotDeps, ServiceDesk } from '../deps';

/**
 * Customer service in the operator chat: an operator's message in a shopper's forum topic, or a
 * reply to a shopper's relayed message, is the shop's answer; the bot stores it (the shopper reads
 * it in the Mini App and gets it as a bot message) and marks it with a reaction. Anyone not in
 * OPERATOR_IDS, and any other chat, is passed on untouched.
 */
export function serviceFeature(deps: BotDeps & { service: ServiceDesk }) {
  const { service } = deps;
  const composer = new Composer<Context>();
  composer.on('message', async (ctx, next) => {
    const msg = ctx.message;
    if (ctx.chat.id !== service.chatId || !service.operatorIds.includes(msg.from.id)) return next();
    const topicId = msg.is_topic_message ? msg.message_thread_id : undefined;
    const reply = msg.reply_to_message;
    const replyToMessageId = reply && !reply.forum_topic_created ? reply.message_id : undefined;
    if (topicId === undefined && replyToMessageId === undefined) return next();
    const largest = msg.photo?.at(-1);
    const stored = await service.fromOperator({
      operatorTgId: msg.from.id,
      messageId: msg.message_id,
      topicId,
      replyToMessageId,
      text: (msg.text ?? msg.caption ?? '').trim(),
      photo: largest
        ? async () => {
            const file = await ctx.api.getFile(largest.file_id);
            if (!file.file_path) throw new Error('Telegram gave no file path');
            return service.download(file.file_path);
          }
        : undefined,
    });
    if (!stored) return next();
    await ctx.react('👍').catch((err) => deps.log?.('reaction not set', err));
  });
  return composer;
}
