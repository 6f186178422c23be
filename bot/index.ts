import { Bot, type Context } from 'grammy';
import type { BotDeps } from './deps';
import { deskFeature } from './features/desk';
import { inlineFeature } from './features/inline';
import { onceFeature } from './features/once';
import { paymentsFeature } from './features/payments';
import { screensFeature } from './features/screens';
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
  if (deps.shoppers) bot.use(onceFeature(deps.shoppers));
  bot.use(startFeature(deps));
  bot.use(screensFeature(deps));
  if (deps.payments) bot.use(paymentsFeature({ ...deps, payments: deps.payments }));
  if (deps.desk) bot.use(deskFeature({ ...deps, desk: deps.desk }));
  if (deps.service) bot.use(serviceFeature({ ...deps, service: deps.service }));
  if (deps.catalog) bot.use(inlineFeature({ ...deps, catalog: deps.catalog }));
  bot.catch((err) => deps.log?.('bot update failed', err.error));
  return bot;
}
