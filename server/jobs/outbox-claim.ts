import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { toLang, type Lang } from '../../common/languages';
import type { Db, DbOrTx } from '../db/client';
import { botChats, notifications, users, type NOTIFICATION_DELIVERY } from '../db/schema';
import { notifyGroup, type NotifyGroup } from '../modules/notifications';

/**
 * The outbox's claim: which due notifications a run sends now. One short transaction takes the
 * due, unsent rows with `FOR UPDATE SKIP LOCKED` (rows another process holds are passed over), gives
 * each claimed row a lease (`next_attempt_at` LEASE_SECONDS ahead) and commits, so several server
 * processes never send one row twice and a process that dies mid-send leaves its rows to be taken
 * again when the lease ends. A batch takes one row per shopper, none whose chat was sent to under a
 * second ago; rows that will never be sent (no Telegram chat, blocked, not allowed to write,
 * switched off, too old) are settled with the reason.
 */
export const OUTBOX_BATCH = 30;
export const LEASE_SECONDS = 60;
/** A notification not delivered within this long is no longer news: it stays on /notification only. */
export const MAX_AGE_SECONDS = 3 * 24 * 60 * 60;

type Delivery = (typeof NOTIFICATION_DELIVERY)[number];

/**
 * The moment a run takes as now: the database's clock, one for every process on it. A test moves
 * it forward (`now() + interval '1100 milliseconds'`) instead of waiting.
 */
export const DATABASE_NOW: SQL = sql`now()`;

/** A claimed row with what its message needs. */
export interface Claimed {
  id: number;
  userId: number;
  chatId: number;
  lang: Lang;
  kind: string;
  params: Record<string, string | number>;
  refType: string | null;
  refId: string | null;
  attempts: number;
}

const WANTS: Record<NotifyGroup, 'notifyOrders' | 'notifyRefunds' | 'notifyWallet'> = {
  orders: 'notifyOrders',
  refunds: 'notifyRefunds',
  wallet: 'notifyWallet',
};

/** The due, unsent rows, oldest due first (notifications_outbox_idx), locked; held ones skipped. */
export function dueNotificationsQuery(db: DbOrTx, batch: number, now: SQL = DATABASE_NOW) {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      params: notifications.params,
      refType: notifications.refType,
      refId: notifications.refId,
      attempts: notifications.attempts,
      stale: sql<boolean>`${notifications.createdAt} < ${now} - ${MAX_AGE_SECONDS}::int * interval '1 second'`,
    })
    .from(notifications)
    .where(
      and(
        isNull(notifications.sentAt),
        isNull(notifications.delivery),
        lte(notifications.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(notifications.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
}

/**
 * Claims up to `batch` rows to send now (one per chat) and settles the rows that will never be sent
 * (no Telegram chat, blocked, switched off, too old). Answers the claimed rows.
 */
export async function claimNotifications(
  db: Db,
  batch = OUTBOX_BATCH,
  now: SQL = DATABASE_NOW,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    // Looks at a few more rows than it sends: some are settled, some wait for their chat.
    const rows = await dueNotificationsQuery(tx, batch * 3, now);
    if (rows.length === 0) return [];
    const people = await tx
      .select({
        id: users.id,
        telegramId: users.telegramId,
        lang: users.lang,
        blocked: sql<boolean>`${botChats.blockedAt} is not null`,
        mayWrite: botChats.mayWrite,
        recent: sql<boolean>`coalesce(${botChats.lastSentAt} > ${now} - interval '1 second', false)`,
        notifyOrders: botChats.notifyOrders,
        notifyRefunds: botChats.notifyRefunds,
        notifyWallet: botChats.notifyWallet,
      })
      .from(users)
      .leftJoin(botChats, eq(botChats.userId, users.id))
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]));
    const byId = new Map(people.map((p) => [p.id, p]));
    const settled = new Map<Delivery, number[]>();
    const wait: number[] = [];
    const claimed: Claimed[] = [];
    const chats = new Set<number>();
    for (const row of rows) {
      const who = byId.get(row.userId);
      const end: Delivery | undefined =
        !who || !who.telegramId
          ? 'noChat'
          : who.blocked
            ? 'blocked'
            : who.mayWrite === false
              ? 'noWrite'
              : who[WANTS[notifyGroup(row)]] === false
                ? 'off'
                : row.stale
                  ? 'stale'
                  : undefined;
      if (end) settled.set(end, [...(settled.get(end) ?? []), row.id]);
      else if (!who || who.recent || chats.has(row.userId)) wait.push(row.id);
      // The batch is full: the row stays as it is for the next run.
      else if (claimed.length >= batch) continue;
      else {
        chats.add(row.userId);
        claimed.push({
          id: row.id,
          userId: row.userId,
          chatId: who.telegramId as number,
          lang: toLang(who.lang),
          kind: row.kind,
          params: row.params,
          refType: row.refType,
          refId: row.refId,
          attempts: row.attempts + 1,
        });
      }
    }
    for (const [delivery, ids] of settled)
      await tx.update(notifications).set({ delivery }).where(inArray(notifications.id, ids));
    // Another message to the same chat goes a second later.
    if (wait.length > 0)
      await tx
        .update(notifications)
        .set({ nextAttemptAt: sql`${now} + interval '1 second'` })
        .where(inArray(notifications.id, wait));
    if (claimed.length > 0) {
      await tx
        .update(notifications)
        .set({
          nextAttemptAt: sql`${now} + ${LEASE_SECONDS}::int * interval '1 second'`,
          attempts: sql`${notifications.attempts} + 1`,
        })
        .where(
          inArray(
            notifications.id,
            claimed.map((c) => c.id),
          ),
        );
      // Ordered by user, so two processes upserting the same chats take their locks in one order.
      const userIds = [...chats].sort((a, b) => a - b);
      await tx
        .insert(botChats)
        .values(userIds.map((userId) => ({ userId, lastSentAt: now })))
        .onConflictDoUpdate({ target: botChats.userId, set: { lastSentAt: now } });
    }
    return claimed;
  });
}
