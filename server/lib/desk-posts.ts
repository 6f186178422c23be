import type { DbOrTx } from '../db/client';
import { deskPosts } from '../db/schema';

/** The kinds of post the operators' desk shows (server/modules/desk/kinds holds how each reads). */
export type DeskKindName = 'recharge' | 'withdrawal' | 'order' | 'refund';

/**
 * Queues posts for the operators' chat in the caller's transaction, beside the event they announce:
 * committed together or not at all, and sent by the desk worker (server/modules/desk/outbox.ts) whenever Telegram
 * answers. One post per object, so a replay posts nothing new.
 */
export async function postToDesk(tx: DbOrTx, kind: DeskKindName, refIds: number[]): Promise<void> {
  if (refIds.length === 0) return;
  await tx
    .insert(deskPosts)
    .values(refIds.map((refId) => ({ kind, refId })))
    .onConflictDoNothing();
}
