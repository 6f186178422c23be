import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ServiceListAnswer, ServiceMessage } from '@common/schemas/service';
import type { DbOrTx, Tx } from '../../db/client';
import { supportMessages, supportThreads, type SupportAuthor } from '../../db/schema';
import { enqueue } from '../../lib/outbox';
import { takeUploads, type FileMove, pictureLink } from '../upload';

/**
 * One shopper's conversation with the shop: reading it (newest last, by message id), writing to
 * it, and marking the other side's messages read. `viewer` is who reads: the shopper, or an
 * operator reading that shopper's conversation.
 */
type Row = typeof supportMessages.$inferSelect;

export const messageView = (row: Row): ServiceMessage => ({
  id: row.id,
  author: row.author,
  text: row.text,
  picture: row.picture === null ? null : pictureLink(row.picture),
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

const other = (viewer: SupportAuthor): SupportAuthor => (viewer === 'shopper' ? 'operator' : 'shopper');

export async function unreadFor(db: DbOrTx, userId: number, viewer: SupportAuthor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.userId, userId),
        eq(supportMessages.author, other(viewer)),
        isNull(supportMessages.readAt),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface ListCursor {
  after_id?: number;
  before_id?: number;
  limit: number;
}

/** `after_id`: what came since (oldest first, up to `limit`); otherwise the newest page before `before_id`. */
export function conversationQuery(db: DbOrTx, userId: number, q: ListCursor) {
  const mine = eq(supportMessages.userId, userId);
  if (q.after_id !== undefined)
    return db
      .select()
      .from(supportMessages)
      .where(and(mine, gt(supportMessages.id, q.after_id)))
      .orderBy(asc(supportMessages.id))
      .limit(q.limit);
  return db
    .select()
    .from(supportMessages)
    .where(and(mine, q.before_id === undefined ? undefined : lt(supportMessages.id, q.before_id)))
    .orderBy(desc(supportMessages.id))
    .limit(q.limit + 1);
}

export async function listConversation(
  db: DbOrTx,
  userId: number,
  viewer: SupportAuthor,
  q: ListCursor,
): Promise<ServiceListAnswer> {
  const [rows, unread] = await Promise.all([conversationQuery(db, userId, q), unreadFor(db, userId, viewer)]);
  if (q.after_id !== undefined) return { list: rows.map(messageView), hasOlder: false, unread };
  const hasOlder = rows.length > q.limit;
  return { list: rows.slice(0, q.limit).reverse().map(messageView), hasOlder, unread };
}

/** Marks every message of the other side read; answers what is left unread (none). */
export async function markConversationRead(
  db: DbOrTx,
  userId: number,
  viewer: SupportAuthor,
): Promise<{ unread: number }> {
  await db
    .update(supportMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(supportMessages.userId, userId),
        eq(supportMessages.author, other(viewer)),
        isNull(supportMessages.readAt),
      ),
    );
  return { unread: await unreadFor(db, userId, viewer) };
}

export interface NewMessage {
  /** The shopper whose conversation it joins. */
  userId: number;
  author: SupportAuthor;
  text: string;
  picture?: string;
  /** Whose upload the picture must be (the shopper, or the operator's own account). */
  uploaderId?: number;
  operatorTgId?: number;
  /** Written in the operator chat already (an operator's message there): its id there. */
  chatMessageId?: number;
}

/** Where a message's picture file goes (DATA_DIR) and the moves to settle after the transaction. */
export interface MessageFiles {
  dataDir: string;
  moves: FileMove[];
}

/**
 * Adds a message and makes it the conversation's latest, in the caller's transaction; its row is
 * queued for delivery to the other side (the outbox's relay, relay.ts). Its picture must be the
 * writer's own pending upload: it becomes private to the conversation (take.ts), and another
 * user's upload, one in use or no upload at all is refused alike.
 */
export async function addMessage(tx: Tx, m: NewMessage, files?: MessageFiles): Promise<Row> {
  let picture: string | null = null;
  if (m.picture !== undefined) {
    if (!files) throw new Error('a message with a picture needs its files');
    const [taken] = await takeUploads(
      tx,
      {
        userId: m.uploaderId ?? m.userId,
        dataDir: files.dataDir,
        refs: [m.picture],
        purpose: 'service',
        invalid: 'service.pictureInvalid',
      },
      files.moves,
    );
    picture = taken.path;
  }
  const [row] = await tx
    .insert(supportMessages)
    .values({
      userId: m.userId,
      author: m.author,
      text: m.text,
      picture,
      operatorTgId: m.operatorTgId ?? null,
      chatMessageId: m.chatMessageId ?? null,
    })
    .returning();
  await enqueue(tx, 'relay', [row.id]);
  await tx
    .insert(supportThreads)
    .values({ userId: m.userId, lastMessageId: row.id })
    .onConflictDoUpdate({ target: supportThreads.userId, set: { lastMessageId: row.id } });
  return row;
}
