import { Composer, InlineKeyboard, type Context } from 'grammy';
import { startParamToPath } from '../../common/start-param';
import type { BotDeps } from '../deps';

/** /start [payload]: a greeting with a button that opens the Mini App at the deep-linked route. */
export function startFeature(deps: Pick<BotDeps, 't' | 'appUrl'>) {
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    const lang = ctx.from?.language_code;
    const text = deps.t(lang, 'bot.welcome', { name: ctx.from?.first_name ?? '' });
    if (!deps.appUrl) return ctx.reply(text);
    const url = new URL(startParamToPath(ctx.match), deps.appUrl).toString();
    return ctx.reply(text, { reply_markup: new InlineKeyboard().webApp(deps.t(lang, 'bot.open'), url) });
  });
  feature.command('help', (ctx) => ctx.reply(deps.t(ctx.from?.language_code, 'bot.help')));
  return feature;
}
