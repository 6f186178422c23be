import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { statement } from '../db/statement';
import { rateLimits } from '../db/schema';
import { TooManyError } from './errors';

/**
 * Fixed-window counters in PostgreSQL, so every API process behind a load balancer shares them.
 * `blockedFor` answers the milliseconds left when `key` has reached `max`, else 0.
 */
export async function blockedFor(db: DbOrTx, key: string, max: number): Promise<number> {
  // The time left is counted by the database's clock, like the window itself (hit).
  const [row] = await db
    .select({
      count: rateLimits.count,
      leftMs: sql<string>`greatest(0, extract(epoch from (${rateLimits.windowEndsAt} - now())) * 1000)`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.count < max) return 0;
  return Math.ceil(Number(row.leftMs));
}

const hitStatement = statement<{ key: string; window: string }, { count: number }[]>((db) => {
  const ends = sql`now() + ${sql.placeholder('window')}::interval`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} < now() then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} < now() then ${ends} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
});

/** Counts one event against `key`; a window that has ended starts again at 1. */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const [row] = await hitStatement(db, { key, window: `${windowMs} milliseconds` });
  return row.count;
}

/** Takes one event back (an attempt that was refused unchecked, or one that did not fail). */
export async function release(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Counts one event against `key`, at most `max` in `windowMs`; beyond that the event is taken back
 * and refused with `refusal` (a text key given the whole minutes until the window ends).
 */
export async function takeSlot(
  db: DbOrTx,
  key: string,
  max: number,
  windowMs: number,
  refusal: string,
): Promise<void> {
  if ((await hit(db, key, windowMs)) <= max) return;
  const wait = await blockedFor(db, key, max);
  await release(db, key);
  throw new TooManyError(refusal, { minutes: minutesLeft(wait) });
}

/** Whole minutes left, at least 1, for messages like "try again in 3 minutes". */
export const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60000));
