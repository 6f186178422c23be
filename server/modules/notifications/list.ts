import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { newestPage, type PageAsk } from '../../lib/paging';
import { notificationLink, notificationText } from './texts';

/**
 * The shopper's notifications (GET /api/user/notification_list), newest first, each with its text
 * in the request's language, and marking them read (POST /api/user/notification_read). Two
 * queries a page: the rows (notifications_user_idx) and the total with the unread count.
 */
export function notificationPageQuery(db: DbOrTx, userId: number, req: PageAsk) {
  return newestPage(
    db.select().from(notifications).$dynamic(),
    notifications.id,
    eq(notifications.userId, userId),
    req,
  );
}

async function tally(db: DbOrTx, userId: number): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

export async function listNotifications(db: DbOrTx, lang: Lang, userId: number, req: PageAsk) {
  const [rows, { total, unread }] = await Promise.all([
    notificationPageQuery(db, userId, req),
    tally(db, userId),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: notificationText(lang, row),
      link: notificationLink(row),
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: req.page,
    limit: req.limit,
    unread,
  };
}

/**
 * Marks the shopper's own notifications read: those of `ids` (ids of other shoppers or of nothing
 * are passed over, as absent), or every unread one when no list is given. Answers what is left unread.
 */
export async function markRead(db: DbOrTx, userId: number, ids?: number[]): Promise<{ unread: number }> {
  if (ids === undefined || ids.length > 0) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === undefined ? undefined : inArray(notifications.id, ids),
        ),
      );
  }
  return { unread: (await tally(db, userId)).unread };
}
