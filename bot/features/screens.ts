import { Composer, InlineKeyboard, type Context } from 'grammy';
import { paths } from '../../common/paths';
import { startParamToPath, startParams } from '../../common/start-param';
import type { BotDeps } from '../deps';
import { senderLanguage } from '../lib/language';

/** The commands of the bot's menu, in its order (setMyCommands). */
export const BOT_COMMANDS = ['start', 'orders', 'wallet', 'language', 'help'] as const;

/** What each screen command says and the Mini App route its button opens. */
const SCREENS = {
  orders: { path: startParamToPath(startParams.orders()) },
  wallet: { path: startParamToPath(startParams.wallet()) },
  language: { path: paths.language.href() },
} as const;

/** The button opening `path` in the Mini App; none without a public address to open. */
export function openButton(deps: Pick<BotDeps, 'appUrl'>, label: string, path: string) {
  if (!deps.appUrl) return {};
  return { reply_markup: new InlineKeyboard().webApp(label, new URL(path, deps.appUrl).toString()) };
}

/** /orders, /wallet, /language and /help: a line in the sender's language and a button to the screen. */
export function screensFeature(deps: Pick<BotDeps, 't' | 'appUrl' | 'shoppers'>) {
  const feature = new Composer<Context>();
  for (const [command, screen] of Object.entries(SCREENS)) {
    feature.command(command, async (ctx) => {
      const lang = await senderLanguage(ctx, deps);
      return ctx.reply(
        deps.t(lang, `bot.screens.${command}`),
        openButton(deps, deps.t(lang, `bot.buttons.${command}`), screen.path),
      );
    });
  }
  feature.command('help', async (ctx) => {
    const lang = await senderLanguage(ctx, deps);
    const list = BOT_COMMANDS.map((c) => `/${c} — ${deps.t(lang, `bot.commands.${c}`)}`).join('\n');
    return ctx.reply(
      `${deps.t(lang, 'bot.help')}\n\n${deps.t(lang, 'bot.screens.help')}\n${list}`,
      openButton(deps, deps.t(lang, 'bot.buttons.help'), paths.helpAndSupport.href()),
    );
  });
  return feature;
}
