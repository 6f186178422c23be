import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { botChats, notifications } from '../db/schema';
import { translate } from '../lib/i18n';
import { notificationLink, notificationText } from '../modules/notifications';
import { claimNotifications, DATABASE_NOW, OUTBOX_BATCH, type Claimed } from './outbox-claim';
import { startJobs, type JobRunner } from './runner';
import { botApi, sendFailure, type BotApi } from '../telegram/bot-api';
import { backoffSeconds } from '../telegram/send-retry';

/**
 * The notification outbox: the rows orders, refunds, top-ups and withdrawals write are sent to the
 * shopper's Telegram chat, in the shop account's language, with a button opening their screen.
 *
 * A run claims a batch (outbox-claim.ts: each claimed row leased, the claim committed before
 * anything is sent); the messages go out after the commit and each row is marked sent on its own.
 * So several server processes never send one row twice, and a process that dies mid-send leaves
 * its rows to be taken again when the lease ends.
 *
 * Telegram's limits: about 30 messages a second overall (a token bucket per process, OUTBOX_RATE)
 * and one a second per chat (a batch takes one row per shopper, none whose chat was sent to under a
 * second ago). A 429 waits its `retry_after`; a network error or a 5xx backs off exponentially (a
 * network error, which is no fault of the row's, is never given up; a 5xx after MAX_ATTEMPTS); a
 * 403 (bot blocked, user deactivated) marks the shopper's chat blocked and nothing more is tried
 * there until they write to the bot again.
 */
export const OUTBOX_RATE = 30;
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 5;
const BACKOFF_CAP_SECONDS = 30 * 60;

/** What the outbox needs of the Bot API (a test's client has its calls captured). */
export type Sender = Pick<BotApi, 'sendMessage'>;

export interface OutboxOptions {
  /** The Mini App's public address: each message gets a button opening its screen there. */
  appUrl?: string;
  batch?: number;
  bucket?: TokenBucket;
  /** The moment the run takes as now (outbox-claim.ts): the database's clock unless a test moves it. */
  now?: SQL;
}

/** At most `rate` takes a second, in bursts of at most `rate`. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  constructor(private readonly rate: number) {
    this.tokens = rate;
  }
  async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - this.tokens) / this.rate) * 1000)));
    }
  }
}

/** The message of a claimed row, in the shopper's language, with its screen's button. */
export function outboxMessage(c: Claimed, appUrl: string | undefined) {
  const text = notificationText(c.lang, c);
  const link = notificationLink(c);
  // Telegram opens only https addresses as a Mini App.
  if (!link || !appUrl?.startsWith('https://')) return { text, other: {} };
  const url = new URL(link, appUrl).toString();
  return {
    text,
    other: {
      reply_markup: { inline_keyboard: [[{ text: translate(c.lang, 'bot.view'), web_app: { url } }]] },
    },
  };
}

const backoff = (attempts: number) => backoffSeconds(attempts, BACKOFF_BASE_SECONDS, BACKOFF_CAP_SECONDS);

const retryAt = (now: SQL, seconds: number) => sql`${now} + ${Math.ceil(seconds)}::int * interval '1 second'`;

type RowSet = Parameters<ReturnType<Db['update']>['set']>[0];

async function settle(db: Db, id: number, set: RowSet) {
  await db.update(notifications).set(set).where(eq(notifications.id, id));
}

/** What became of one run's rows. */
export interface OutboxRun {
  sent: number;
  /** Telegram asked to slow down, or could not be reached: the rest of the batch waits. */
  paused: boolean;
}

/** One run: claims a batch and sends it; answers how many went out. */
export async function deliverOnce(db: Db, sender: Sender, opts: OutboxOptions = {}): Promise<OutboxRun> {
  const now = opts.now ?? DATABASE_NOW;
  const claimed = await claimNotifications(db, opts.batch ?? OUTBOX_BATCH, now);
  const bucket = opts.bucket ?? new TokenBucket(OUTBOX_RATE);
  let sent = 0;
  /** Set by a 429 or a network error: the seconds the rows not yet sent wait. */
  let pause: number | undefined;
  for (const c of claimed) {
    if (pause !== undefined) {
      // Not tried: the claim's count is given back.
      await settle(db, c.id, {
        nextAttemptAt: retryAt(now, pause),
        attempts: sql`${notifications.attempts} - 1`,
      });
      continue;
    }
    await bucket.take();
    const { text, other } = outboxMessage(c, opts.appUrl);
    try {
      await sender.sendMessage(c.chatId, text, other);
      await settle(db, c.id, { sentAt: sql`now()`, delivery: 'sent', lastError: null });
      sent += 1;
    } catch (err) {
      pause = await failed(db, c, err, now);
    }
  }
  return { sent, paused: pause !== undefined };
}

/** Records a failed send; answers the seconds the rest of the batch must wait, if it must. */
async function failed(db: Db, c: Claimed, err: unknown, now: SQL): Promise<number | undefined> {
  const lastError = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
  const failure = sendFailure(err);
  if (failure.kind === 'slowDown') {
    const wait = failure.retryAfter ?? BACKOFF_BASE_SECONDS;
    // Being told to slow down is not the row's failure: it does not count towards MAX_ATTEMPTS.
    await settle(db, c.id, {
      nextAttemptAt: retryAt(now, wait),
      attempts: sql`${notifications.attempts} - 1`,
      lastError,
    });
    return wait;
  }
  if (failure.kind === 'blocked') {
    await db
      .insert(botChats)
      .values({ userId: c.userId, blockedAt: sql`now()` })
      .onConflictDoUpdate({
        target: botChats.userId,
        set: { blockedAt: sql`now()`, updatedAt: sql`now()` },
      });
    await settle(db, c.id, { delivery: 'blocked', lastError });
    return undefined;
  }
  if (failure.kind === 'refused') {
    // Telegram refused this message (chat not found, bad request): trying again changes nothing.
    await settle(db, c.id, { delivery: 'failed', lastError });
    return undefined;
  }
  if (failure.kind === 'unreachable') {
    // Telegram cannot be reached: the row waits without using up its tries, and so does the batch.
    const wait = backoff(c.attempts);
    await settle(db, c.id, {
      nextAttemptAt: retryAt(now, wait),
      attempts: sql`${notifications.attempts} - 1`,
      lastError,
    });
    return wait;
  }
  // A 5xx: tried again later, given up after MAX_ATTEMPTS.
  await settle(
    db,
    c.id,
    c.attempts >= MAX_ATTEMPTS
      ? { delivery: 'failed', lastError }
      : { nextAttemptAt: retryAt(now, backoff(c.attempts)), lastError },
  );
  return undefined;
}

/** The Bot API client the outbox sends with (the bot's token, API root and environment). */
export function outboxSender(
  config: Pick<Config, 'BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_TEST_ENV'>,
): BotApi {
  // Well inside the lease, so a slow answer is never mistaken for a lost one.
  const api = botApi(config, 20);
  if (!api) throw new Error('the notification outbox sends through the bot: it needs BOT_TOKEN');
  return api;
}

/** The outbox of one server process (BOT_TOKEN set): a run every second. */
export function startOutbox(
  database: Database,
  config: Pick<Config, 'BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_TEST_ENV' | 'PUBLIC_URL'>,
  log: FastifyBaseLogger,
  sender: Sender = outboxSender(config),
): JobRunner {
  const bucket = new TokenBucket(OUTBOX_RATE);
  return startJobs(
    [
      {
        name: 'notification-outbox',
        run: async () => (await deliverOnce(database.db, sender, { appUrl: config.PUBLIC_URL, bucket })).sent,
      },
    ],
    1000,
    log,
  );
}
