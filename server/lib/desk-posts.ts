import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { deskPosts, outbox } from '../db/schema';
import { enqueue } from './outbox';

/** The kinds of post the operators' desk shows (server/modules/desk/kinds holds how each reads). */
export type DeskKindName = 'recharge' | 'withdrawal' | 'order' | 'refund';

/**
 * Queues posts for the operators' chat in the caller's transaction, beside the event they announce:
 * committed together or not at all, and sent by the outbox (server/lib/outbox.ts) whenever Telegram
 * answers. One post per object, so a replay posts nothing new.
 */
export async function postToDesk(tx: DbOrTx, kind: DeskKindName, refIds: number[]): Promise<void> {
  if (refIds.length === 0) return;
  const posts = await tx
    .insert(deskPosts)
    .values(refIds.map((refId) => ({ kind, refId })))
    .onConflictDoNothing()
    .returning({ id: deskPosts.id });
  await enqueue(
    tx,
    'desk',
    posts.map((p) => p.id),
  );
}

/**
 * The same for orders an order move has just moved, inside its statement: CTEs over moveOrders'
 * `moved` (see Transition.also) that make each order's post and queue it.
 */
export const deskPostsOfMoved = (kind: DeskKindName): SQL => sql`desk_posted as (
  insert into ${deskPosts} (kind, ref_id) select ${kind}, id from moved order by id
  on conflict do nothing returning id
),
desk_queued as (
  insert into ${outbox} (kind, ref_id) select 'desk', id from desk_posted order by id on conflict do nothing
)`;
