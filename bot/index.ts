import { Bot, type Context } from 'grammy';
import type { BotDeps } from './deps';
import { paymentsFeature } from './features/payments';
import { serviceFeature } from './features/service';
import { startFeature } from './features/start';

export type { BotDeps } from './deps';

/** The bot: each feature is one Composer, mounted in order, behind one error boundary. */
export function createBot(deps: BotDeps): Bot<Context> {
  const bot = new Bot<Context>(deps.token, {
    botInfo: deps.botInfo,
    client: {
      ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}),
      ...(deps.testEnv ? { environment: 'test' as const } : {}),
    },
  });
  bot.use(startFeature(deps));
  if (deps.payments) bot.use(paymentsFeature({ ...deps, payments: deps.payments }));
  if (deps.service) bot.use(serviceFeature({ ...deps, service: deps.service }));
  bot.catch((err) => deps.log?.('bot update failed', err.error));
  return bot;
}
