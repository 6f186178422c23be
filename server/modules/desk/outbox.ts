import { and, asc, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deskPosts } from '../../db/schema';
import { backoffSeconds, retryAfterSeconds } from '../../telegram/send-retry';

/**
 * The desk's outbox worker: claim, send, mark, retry. A batch of due posts is claimed in one
 * statement (FOR UPDATE SKIP LOCKED, then a lease: `next_attempt_at` moves LEASE_SECONDS ahead), so
 * several processes never send the same post; the sending happens outside any transaction; a post
 * sent is marked with its message, a failure is retried with a growing pause, or after Telegram's
 * own retry_after on a 429. A process that dies mid-send leaves the lease to run out and the post
 * is sent again later (at least once, as Telegram offers no idempotent send).
 */
export const LEASE_SECONDS = 60;
export const MAX_BACKOFF_SECONDS = 3600;

export interface DeskPostRef {
  id: number;
  kind: string;
  refId: number;
  attempts: number;
}

/** Sends one post; answers the message, or null when there is nothing to post (object gone or decided). */
export type SendPost = (
  post: DeskPostRef,
) => Promise<{ chatId: number; messageId: number; photo: boolean } | null>;

/** Seconds to wait before the next try: Telegram's retry_after, else 5 s doubling to an hour. */
export function retryDelay(err: unknown, attempts: number): number {
  return retryAfterSeconds(err) ?? backoffSeconds(attempts, 5, MAX_BACKOFF_SECONDS);
}

export async function deliverDeskPosts(db: Db, send: SendPost, batch = 20): Promise<number> {
  const due = db
    .select({ id: deskPosts.id })
    .from(deskPosts)
    .where(and(isNull(deskPosts.sentAt), lte(deskPosts.nextAttemptAt, sql`now()`)))
    .orderBy(asc(deskPosts.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(deskPosts)
    .set({
      nextAttemptAt: sql`now() + ${LEASE_SECONDS} * interval '1 second'`,
      attempts: sql`${deskPosts.attempts} + 1`,
    })
    .where(inArray(deskPosts.id, due))
    .returning({
      id: deskPosts.id,
      kind: deskPosts.kind,
      refId: deskPosts.refId,
      attempts: deskPosts.attempts,
    });
  let sent = 0;
  for (const post of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const message = await send(post);
      await db
        .update(deskPosts)
        .set({
          sentAt: sql`now()`,
          chatId: message?.chatId ?? null,
          messageId: message?.messageId ?? null,
          photo: message?.photo ?? false,
          lastError: message ? null : 'nothing to post: its object is gone or decided',
        })
        .where(inArray(deskPosts.id, [post.id]));
      if (message) sent += 1;
    } catch (err) {
      await db
        .update(deskPosts)
        .set({
          nextAttemptAt: sql`now() + ${retryDelay(err, post.attempts)} * interval '1 second'`,
          lastError: String(err).slice(0, 500),
        })
        .where(inArray(deskPosts.id, [post.id]));
    }
  }
  return sent;
}
