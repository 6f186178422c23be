import type { Context } from 'grammy';
import type { BotDeps } from '../deps';

/**
 * The language the bot answers a sender in: their shop account's when their Telegram user is linked
 * to one (what they chose in the Mini App), else Telegram's language code (mapped by deps.t).
 */
export async function senderLanguage(
  ctx: Context,
  deps: Pick<BotDeps, 'shoppers'>,
): Promise<string | undefined> {
  const from = ctx.from;
  if (!from) return undefined;
  return (await deps.shoppers?.language(from.id)) ?? from.language_code;
}
