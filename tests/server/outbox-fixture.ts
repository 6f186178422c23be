import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notifications, outbox } from '../../server/db/schema';
import { deliverOnce, TokenBucket, type OutboxOptions } from '../../server/jobs/outbox-sender';
import { notificationSender, type Sender } from '../../server/jobs/outbox-notify';
import { enqueue } from '../../server/lib/outbox';

type NewNotification = typeof notifications.$inferInsert;

/**
 * Writes notifications as the server's writers do: each queued for Telegram beside it, unless it
 * was told already (`sentAt` given). Answers their ids.
 */
export async function notifyRows(db: Db, rows: NewNotification[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(notifications)
      .values(rows)
      .returning({ id: notifications.id, sentAt: notifications.sentAt });
    await enqueue(
      tx,
      'notification',
      written.filter((n) => n.sentAt === null).map((n) => n.id),
    );
    return written.map((n) => n.id);
  });
}

/** A notification with its place in the outbox: tries (none while not queued), last error, due time. */
export async function notificationRow(db: Db, id: number) {
  const [row] = await db
    .select({ n: notifications, queued: outbox })
    .from(notifications)
    .leftJoin(outbox, and(eq(outbox.kind, 'notification'), eq(outbox.refId, notifications.id)))
    .where(eq(notifications.id, id));
  return {
    ...row.n,
    attempts: row.queued?.attempts ?? 0,
    lastError: row.queued?.lastError ?? null,
    nextAttemptAt: row.queued?.nextAttemptAt ?? null,
  };
}

/** Changes a notification's outbox row (its tries, its due time). */
export const setQueued = (db: Db, ids: number[], set: { attempts?: number; nextAttemptAt?: SQL | Date }) =>
  Promise.all(
    ids.map((id) =>
      db
        .update(outbox)
        .set(set)
        .where(and(eq(outbox.kind, 'notification'), eq(outbox.refId, id))),
    ),
  );

/** One outbox run over notifications only, sent with `sender` (a bucket that never waits unless given). */
export const deliverNotifications = (
  db: Db,
  sender: Sender,
  opts: OutboxOptions & { appUrl?: string } = {},
) =>
  deliverOnce(db, [notificationSender(sender, opts.appUrl)], {
    bucket: new TokenBucket(1000),
    ...opts,
  });
