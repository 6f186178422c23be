import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { webhookCallback } from 'grammy';
import type { LanguageCode } from 'grammy/types';
import { LANGS, toLang } from '../../common/languages';
import { createBot } from '../../bot';
import { BOT_COMMANDS } from '../../bot/features/screens';
import type { CardPayments, ProductCards } from '../../bot/deps';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { translate } from '../lib/i18n';
import { refuseChangedOrders, settleCardPayment } from '../modules/checkout';
import { checkPreCheckout, creditCardPayment, type OrderPayments } from '../modules/wallet';
import { inlineProductCards } from './product-cards';
import { miniAppLink } from './bot-api';
import { startDesk } from './desk-host';
import { botShoppers } from './shoppers';
import { serviceDesk, telegramDownload } from '../modules/service';

/** How often a server process that does not poll asks whether it may take over. */
const LEAD_RETRY_MS = 15_000;

export interface RunningBot {
  /** Mounts the webhook route (webhook mode); a no-op in polling mode. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** The operators' desk, when the shop has one: the outbox sends its posts. */
  desk?: ReturnType<typeof startDesk>;
  stop(): Promise<void>;
}

/** Card invoices that pay orders: the checkout's side of a card payment. */
const ORDER_PAYMENTS: OrderPayments = { refuse: refuseChangedOrders, settle: settleCardPayment };

/** The bot's card payments on the shop's database (server/modules/wallet/card-payments.ts). */
export function cardPayments(database: Database, log: FastifyBaseLogger): CardPayments {
  return {
    preCheckout: (q) => checkPreCheckout(database.db, q, ORDER_PAYMENTS),
    async paid(p) {
      const done = await creditCardPayment(database.db, p, ORDER_PAYMENTS);
      // Never the payer's card: Telegram's and the provider's charge ids name the payment.
      if (done?.credited)
        log.info(
          { rechargeId: done.rechargeId, chargeId: p.chargeId, orders: done.settlement?.outcome },
          'card payment credited',
        );
      else if (!done) log.error({ chargeId: p.chargeId, payload: p.payload }, 'card payment not credited');
      const s = done?.settlement;
      return (
        done && {
          credited: done.credited,
          amount: done.amount,
          balance: done.balance,
          ...(s ? { orders: s.outcome === 'paid' ? { paid: true } : { paid: false, reason: s.reason } } : {}),
        }
      );
    },
  };
}

/**
 * The catalogue's cards for inline queries (product-cards.ts); none without the Mini App's t.me
 * link, which each card's button opens.
 */
export function productCards(
  database: Database,
  config: Pick<Config, 'BOT_USERNAME' | 'MINI_APP_NAME' | 'PUBLIC_URL'>,
): ProductCards | undefined {
  const appLink = miniAppLink(config);
  if (!appLink) return undefined;
  const at = { appLink, publicUrl: config.PUBLIC_URL };
  return { inline: (q) => inlineProductCards(database.db, toLang(q.languageCode), at, q) };
}

/**
 * Starts the bot beside the API server. Telegram may be unreachable: the shop keeps serving and
 * the bot retries in the background with a growing pause. With the database it takes card
 * payments (PAYMENT_PROVIDER_TOKEN makes their invoices).
 */
export interface BotOptions {
  /** The shop's database: the operators' desk, customer service and the polling lead need it. */
  database?: Database;
  /** Sends customer-service messages on at once (the outbox's wake, server/jobs/runner.ts). */
  serviceWake?: () => void;
  /** How often a process that does not poll asks to take over (tests shorten it). */
  leadRetryMs?: number;
}

export async function startBot(
  config: Config,
  log: FastifyBaseLogger,
  { database, serviceWake, leadRetryMs = LEAD_RETRY_MS }: BotOptions = {},
): Promise<RunningBot> {
  const token = config.BOT_TOKEN as string;
  const desk = database ? startDesk(config, database) : undefined;
  const service =
    database &&
    serviceDesk(database.db, config, telegramDownload(token, config.TELEGRAM_API_ROOT), serviceWake);
  const catalog = database && productCards(database, config);
  const bot = createBot({
    token,
    appUrl: config.PUBLIC_URL,
    t: (code, key, params) => translate(toLang(code), key, params),
    apiRoot: config.TELEGRAM_API_ROOT,
    testEnv: config.TELEGRAM_TEST_ENV,
    log: (msg, err) => log.error({ err }, msg),
    ...(database ? { payments: cardPayments(database, log) } : {}),
    ...(desk ? { desk } : {}),
    ...(database ? { shoppers: botShoppers(database.db) } : {}),
    ...(service ? { service } : {}),
    ...(catalog ? { catalog } : {}),
  });
  const webhook = Boolean(config.PUBLIC_URL?.startsWith('https://'));
  const secret =
    config.WEBHOOK_SECRET ?? createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 48);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // The webhook first, so Telegram's updates reach the shop as soon as it answers; then the menu
  // button, commands and descriptions of every language at once (one after another, their 25 calls
  // kept the bot from its updates for seconds wherever Telegram answers slowly).
  const setUp = async () => {
    await bot.init();
    if (webhook)
      await bot.api.setWebhook(new URL('/telegram/webhook', config.PUBLIC_URL).toString(), {
        secret_token: secret,
      });
    const publicUrl = config.PUBLIC_URL;
    await Promise.all([
      publicUrl &&
        bot.api.setChatMenuButton({
          menu_button: { type: 'web_app', text: translate('en-US', 'bot.open'), web_app: { url: publicUrl } },
        }),
      ...LANGS.flatMap((lang) => {
        const commands = BOT_COMMANDS.map((c) => ({
          command: c,
          description: translate(lang, `bot.commands.${c}`),
        }));
        const scope = lang === 'en-US' ? {} : { language_code: lang.slice(0, 2) as LanguageCode };
        return [
          bot.api.setMyCommands(commands, scope),
          bot.api.setMyDescription(translate(lang, 'bot.description'), scope),
          bot.api.setMyShortDescription(translate(lang, 'bot.shortDescription'), scope),
        ];
      }),
    ]);
  };

  const attempt = (delay: number) => {
    timer = setTimeout(async () => {
      if (stopped) return;
      try {
        await setUp();
        log.info('bot started');
        if (!webhook) await poll(delay);
      } catch (err) {
        log.warn({ err: String(err) }, 'Telegram unreachable; bot will retry');
        attempt(Math.min(delay * 2, 300_000));
      }
    }, delay);
    timer.unref();
  };
  // Telegram hands each update to one long poll: of several server processes on one database, the
  // one holding the lead polls (a second poller would take updates the first has not confirmed yet,
  // and both would handle them). The others try to take over now and then; a process that dies lets
  // go with its database connection.
  let leading: (() => Promise<void>) | undefined;
  let waitingSaid = false;
  const poll = async (delay: number): Promise<void> => {
    leading ??= database ? await database.lead('bot-updates') : async () => {};
    // Stopped meanwhile: the lead goes back at once.
    if (stopped) return void (await leading?.());
    if (!leading) {
      if (!waitingSaid)
        log.info("another server process takes the bot's updates; this one takes over if it ends");
      waitingSaid = true;
      timer = setTimeout(() => {
        poll(delay).catch((err: unknown) => {
          log.warn({ err: String(err) }, 'could not ask the database who polls; will retry');
          attempt(delay);
        });
      }, leadRetryMs);
      timer.unref();
      return;
    }
    void bot.start({ drop_pending_updates: false }).catch((err) => {
      log.error({ err }, 'bot polling stopped');
      if (!stopped) attempt(Math.min(delay * 2, 300_000));
    });
  };
  attempt(10);

  return {
    desk,
    plugin: async (app) => {
      if (!webhook) return;
      app.post(
        '/telegram/webhook',
        { schema: { hide: true } },
        webhookCallback(bot, 'fastify', { secretToken: secret }),
      );
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (bot.isRunning()) await bot.stop();
      await leading?.();
    },
  };
}
