import { eq, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { OutboxKindSender } from '../lib/outbox';
import { claimOutbox, DATABASE_NOW, OUTBOX_BATCH, type ClaimedJob } from './outbox-claim';
import { botApi, sendFailure, type BotApi } from '../telegram/bot-api';
import { backoffSeconds, retryAfterSeconds } from '../telegram/send-retry';

/**
 * The one road to Telegram: shoppers' notifications, the operators' desk posts and customer-service
 * messages are all rows of the outbox table, sent by this loop.
 *
 * A run claims a batch (outbox-claim.ts: each claimed row leased, the claim committed before
 * anything is sent); the messages go out after the commit and each row is marked sent on its own,
 * with its source row's outcome. So several server processes never send one row twice, and a
 * process that dies mid-send leaves its rows to be taken again when the lease ends (at least once,
 * as Telegram offers no idempotent send).
 *
 * Telegram's limits: about 30 messages a second overall (a token bucket per process, OUTBOX_RATE).
 * A 429 waits its `retry_after`, and so does the rest of the batch; a network error backs off and
 * so does the batch, neither counting as a try; a 403 or another 4xx ends the row where its kind
 * says a refusal is final; a 5xx backs off exponentially and gives up after the kind's tries.
 */
export const OUTBOX_RATE = 30;
/** The pause after a 429 that names none. */
const SLOW_DOWN_SECONDS = 5;

/** The clock a token bucket reads and waits on (a test's moves by itself). */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** At most `rate` takes a second, in bursts of at most `rate`. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly rate: number,
    private readonly clock: Clock = realClock,
  ) {
    this.tokens = rate;
    this.last = clock.now();
  }
  async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
    }
  }
}

export interface OutboxOptions {
  batch?: number;
  bucket?: TokenBucket;
  /** The moment the run takes as now (outbox-claim.ts): the database's clock unless a test moves it. */
  now?: SQL;
  /** Told of each failed send. */
  log?: (msg: string, err: unknown) => void;
}

/** What became of one run's rows. */
export interface OutboxRun {
  /** Messages that went out. */
  sent: number;
  /** Telegram asked to slow down, or could not be reached: the rest of the batch waits. */
  paused: boolean;
  /** Rows claimed (sent, failed or with nothing to send). */
  handled: number;
}

const retryAt = (now: SQL, seconds: number) => sql`${now} + ${Math.ceil(seconds)}::int * interval '1 second'`;
/** Not tried, or not the row's fault: the claim's count is given back. */
const uncounted = sql`${outbox.attempts} - 1`;

type RowSet = Parameters<ReturnType<Db['update']>['set']>[0];
const settle = (db: Db, id: number, set: RowSet) => db.update(outbox).set(set).where(eq(outbox.id, id));

/** One run: claims a batch of these kinds and sends it. */
export async function deliverOnce(
  db: Db,
  senders: OutboxKindSender[],
  opts: OutboxOptions = {},
): Promise<OutboxRun> {
  const now = opts.now ?? DATABASE_NOW;
  const claimed = await claimOutbox(db, senders, opts.batch ?? OUTBOX_BATCH, now);
  const bucket = opts.bucket ?? new TokenBucket(OUTBOX_RATE);
  let sent = 0;
  /** Set by a 429 or a network error: the seconds the rows not yet sent wait. */
  let pause: number | undefined;
  for (const job of claimed) {
    if (pause !== undefined) {
      await settle(db, job.row.id, { nextAttemptAt: retryAt(now, pause), attempts: uncounted });
      continue;
    }
    await bucket.take();
    try {
      const done = await job.send();
      await db.transaction(async (tx) => {
        await done.record(tx);
        await tx
          .update(outbox)
          .set({ sentAt: sql`now()`, lastError: null })
          .where(eq(outbox.id, job.row.id));
      });
      if (done.sent) sent += 1;
    } catch (err) {
      opts.log?.(`outbox ${job.row.kind} ${job.row.refId} not sent (try ${job.row.attempts})`, err);
      pause = await failed(db, job, err, now);
    }
  }
  return { sent, paused: pause !== undefined, handled: claimed.length };
}

/** Records a failed send; answers the seconds the rest of the batch must wait, if it must. */
async function failed(db: Db, job: ClaimedJob, err: unknown, now: SQL): Promise<number | undefined> {
  const { id, attempts } = job.row;
  const kind = job.sender;
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const backoff = backoffSeconds(attempts, kind.backoff.base, kind.backoff.cap);
  const failure = sendFailure(err);
  if (failure.kind === 'slowDown' || failure.kind === 'unreachable') {
    // Told to slow down, or Telegram cannot be reached: no fault of the row's, not a try.
    const wait = failure.kind === 'slowDown' ? (retryAfterSeconds(err) ?? SLOW_DOWN_SECONDS) : backoff;
    await settle(db, id, { nextAttemptAt: retryAt(now, wait), attempts: uncounted, lastError });
    return wait;
  }
  const refused = failure.kind === 'blocked' || failure.kind === 'refused';
  if ((refused && kind.refusalEnds) || attempts >= kind.maxTries) {
    // Refused (trying again changes nothing), or given up after the kind's last try.
    await db.transaction(async (tx) => {
      await job.giveUp(tx, failure.kind === 'blocked' ? 'blocked' : 'failed', lastError);
      await tx
        .update(outbox)
        .set({ sentAt: sql`now()`, lastError })
        .where(eq(outbox.id, id));
    });
    return undefined;
  }
  // A 5xx (or a refusal its kind tries again): later, after a growing pause.
  await settle(db, id, { nextAttemptAt: retryAt(now, backoff), lastError });
  return undefined;
}

/** The Bot API client the outbox sends with (the bot's token, API root and environment). */
export function outboxSender(
  config: Pick<Config, 'BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_TEST_ENV'>,
): BotApi {
  // Well inside the lease, so a slow answer is never mistaken for a lost one.
  const api = botApi(config, 20);
  if (!api) throw new Error('the outbox sends through the bot: it needs BOT_TOKEN');
  return api;
}
