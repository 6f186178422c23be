import { and, asc, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { DueRow, OutboxJob, OutboxKind, OutboxKindSender } from '../lib/outbox';

/**
 * The outbox's claim: which due rows a run sends now. One short transaction takes the due, unsent
 * rows with `FOR UPDATE SKIP LOCKED` (rows another process holds are passed over), lets each kind
 * sort its rows (take, wait a second, hold, settle), gives each taken row a lease (`next_attempt_at`
 * LEASE_SECONDS ahead, one more attempt) and commits, so several server processes never send one
 * row twice and a process that dies mid-send leaves its rows to be taken again when the lease ends.
 */
export const OUTBOX_BATCH = 30;
export const LEASE_SECONDS = 60;

/**
 * The moment a run takes as now: the database's clock, one for every process on it. A test moves
 * it forward (`now() + interval '1100 milliseconds'`) instead of waiting.
 */
export const DATABASE_NOW: SQL = sql`now()`;

const later = (now: SQL, seconds: number) => sql`${now} + ${seconds}::int * interval '1 second'`;

/** The due, unsent rows of these kinds, oldest due first (outbox_due_idx), locked; held ones skipped. */
export function dueOutboxQuery(db: DbOrTx, kinds: OutboxKind[], limit: number, now: SQL = DATABASE_NOW) {
  return db
    .select({ id: outbox.id, kind: outbox.kind, refId: outbox.refId, attempts: outbox.attempts })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), inArray(outbox.kind, kinds)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A claimed row's job, with the kind that sends it (its tries and back-off). */
export type ClaimedJob = OutboxJob & { sender: OutboxKindSender };

/**
 * Claims up to `batch` rows of the given kinds to send now and settles the rows that will never be
 * sent. Answers the claimed rows' jobs, in the order they were queued.
 */
export async function claimOutbox(
  db: Db,
  senders: OutboxKindSender[],
  batch = OUTBOX_BATCH,
  now: SQL = DATABASE_NOW,
): Promise<ClaimedJob[]> {
  return db.transaction(async (tx) => {
    // Looks at a few more rows than it sends: some are settled, some wait.
    const rows: DueRow[] = await dueOutboxQuery(
      tx,
      senders.map((s) => s.kind),
      batch * 3,
      now,
    );
    if (rows.length === 0) return [];
    const taken: ClaimedJob[] = [];
    const wait: number[] = [];
    const hold: number[] = [];
    const settle: number[] = [];
    // Kinds in the order of their oldest due row, so the oldest rows take the batch's room first.
    const oldest = (s: OutboxKindSender) => rows.findIndex((r) => r.kind === s.kind);
    const due = senders.filter((s) => oldest(s) >= 0).sort((a, b) => oldest(a) - oldest(b));
    for (const sender of due) {
      const theirs = rows
        .filter((r) => r.kind === sender.kind)
        .map((r) => ({ ...r, attempts: r.attempts + 1 }));
      const sorted = await sender.sort(tx, theirs, batch - taken.length, now);
      taken.push(...sorted.take.map((job) => ({ ...job, sender })));
      wait.push(...sorted.wait);
      hold.push(...sorted.hold);
      settle.push(...sorted.settle);
    }
    if (settle.length > 0)
      await tx
        .update(outbox)
        .set({ sentAt: sql`now()` })
        .where(inArray(outbox.id, settle));
    if (wait.length > 0)
      await tx
        .update(outbox)
        .set({ nextAttemptAt: later(now, 1) })
        .where(inArray(outbox.id, wait));
    if (hold.length > 0)
      await tx
        .update(outbox)
        .set({ nextAttemptAt: later(now, LEASE_SECONDS) })
        .where(inArray(outbox.id, hold));
    if (taken.length > 0)
      await tx
        .update(outbox)
        .set({ nextAttemptAt: later(now, LEASE_SECONDS), attempts: sql`${outbox.attempts} + 1` })
        .where(
          inArray(
            outbox.id,
            taken.map((j) => j.row.id),
          ),
        );
    return taken.sort((a, b) => a.row.id - b.row.id);
  });
}
