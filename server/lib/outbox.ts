import type { DbOrTx } from '../db/client';
import { outbox, type OutboxKind } from '../db/schema';

export type { OutboxKind };

/**
 * Queues source rows for Telegram in the caller's transaction, beside the rows themselves:
 * committed together or not at all, and sent by the one outbox sender (server/jobs/outbox.ts)
 * whenever Telegram answers. A row queued twice is queued once.
 */
export async function enqueue(tx: DbOrTx, kind: OutboxKind, refIds: number[]): Promise<void> {
  if (refIds.length === 0) return;
  await tx
    .insert(outbox)
    .values(refIds.map((refId) => ({ kind, refId })))
    .onConflictDoNothing();
}
