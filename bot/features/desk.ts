import { Composer, type Context } from 'grammy';
import type { InlineKeyboardMarkup, User } from 'grammy/types';
import { displayName } from '../../common/display-name';
import type { BotDeps } from '../deps';
import { DESK_PREFIX_RE, type DeskOperator, type DeskPostEdit, type OperatorDesk } from '../desk-deps';

/**
 * The operator's desk in Telegram: presses of the posts' buttons, replies to the desk's
 * prompts, /stats. Only OPERATOR_IDS act; anyone else's press gets an alert and changes nothing.
 * What a press means is the desk service's business (deps.desk); this feature talks to Telegram.
 */
const operatorOf = (u: User): DeskOperator => {
  const shown = u.username
    ? `@${u.username}`
    : displayName([u.first_name, u.last_name].filter(Boolean).join(' '));
  return {
    id: u.id,
    name: `${shown.slice(0, 40)} (tg:${u.id})`,
    languageCode: u.language_code,
    username: u.username,
  };
};

const markup = (keyboard: DeskPostEdit['keyboard']): InlineKeyboardMarkup => ({
  inline_keyboard: keyboard.map((row) => row.map((b) => ({ text: b.text, callback_data: b.data }))),
});

export function deskFeature(deps: Pick<BotDeps, 't' | 'log'> & { desk: OperatorDesk }) {
  const feature = new Composer<Context>();
  const { desk } = deps;

  /** Shows the post as it now reads; an edit that changes nothing (Telegram's 400) is fine. */
  const edit = async (ctx: Context, post: DeskPostEdit | undefined) => {
    if (!post) return;
    const reply_markup = markup(post.keyboard);
    try {
      if (post.photo)
        await ctx.api.editMessageCaption(post.chatId, post.messageId, { caption: post.text, reply_markup });
      else await ctx.api.editMessageText(post.chatId, post.messageId, post.text, { reply_markup });
    } catch (err) {
      deps.log?.('desk post not edited', err);
    }
  };

  feature.callbackQuery(DESK_PREFIX_RE, async (ctx) => {
    const from = ctx.callbackQuery.from;
    if (!desk.isOperator(from.id))
      return ctx.answerCallbackQuery({
        text: deps.t(from.language_code, 'desk.notOperator'),
        show_alert: true,
      });
    const outcome = await desk.press(ctx.callbackQuery.data, operatorOf(from));
    if (outcome.type === 'ask') {
      await ctx.answerCallbackQuery();
      const chatId = ctx.chat?.id ?? from.id;
      const prompt = await ctx.api.sendMessage(chatId, outcome.text, {
        reply_markup: { force_reply: true, selective: true, input_field_placeholder: outcome.placeholder },
        ...(ctx.callbackQuery.message?.message_thread_id
          ? { message_thread_id: ctx.callbackQuery.message.message_thread_id }
          : {}),
      });
      await desk.asked(outcome.pending, { chatId, messageId: prompt.message_id, operatorId: from.id });
      return;
    }
    await ctx.answerCallbackQuery({ text: outcome.text, show_alert: outcome.type === 'alert' });
    await edit(ctx, outcome.post);
  });

  feature.on('message:text', async (ctx, next) => {
    const replyTo = ctx.message.reply_to_message;
    if (!replyTo || replyTo.from?.id !== ctx.me.id || !desk.isOperator(ctx.from.id)) return next();
    const answer = await desk.answer({
      chatId: ctx.chat.id,
      replyTo: replyTo.message_id,
      operator: operatorOf(ctx.from),
      text: ctx.message.text,
    });
    if (!answer) return next();
    await ctx.reply(answer.text, { reply_parameters: { message_id: ctx.message.message_id } });
    await edit(ctx, answer.post);
  });

  feature.command('stats', async (ctx) => {
    const from = ctx.from;
    if (!from) return;
    const inDesk = ctx.chat.id === desk.chatId || ctx.chat.type === 'private';
    if (!desk.isOperator(from.id) || !inDesk)
      return ctx.reply(deps.t(from.language_code, 'desk.statsRefused'));
    return ctx.reply(await desk.stats(from.language_code));
  });

  return feature;
}
