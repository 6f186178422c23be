import { Composer, type Context } from 'grammy';
import { startParamToPath } from '../../common/start-param';
import type { BotDeps } from '../deps';
import { senderLanguage } from '../lib/language';
import { openButton } from './screens';

/** /start [payload]: a greeting with a button that opens the Mini App at the deep-linked route. */
export function startFeature(deps: Pick<BotDeps, 't' | 'appUrl' | 'shoppers'>) {
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    const lang = await senderLanguage(ctx, deps);
    const text = deps.t(lang, 'bot.welcome', { name: ctx.from?.first_name ?? '' });
    return ctx.reply(text, openButton(deps, deps.t(lang, 'bot.open'), startParamToPath(ctx.match)));
  });
  return feature;
}
