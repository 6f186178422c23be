import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ServicesAnswer } from '@common/schemas/service';
import type { DbOrTx } from '../../db/client';
import { supportMessages, supportThreads, users } from '../../db/schema';
import { newestPage, type PageAsk } from '../../lib/paging';
import { messageView } from './messages';

/**
 * The operators' list of conversations (GET /api/user/services): latest first, each with its
 * latest message and how many of the shopper's messages no operator has read. Three queries a
 * page whatever its size: the page (support_threads_last_idx), the total, the unread counts.
 */
export function threadPageQuery(db: DbOrTx, q: PageAsk) {
  const rows = db
    .select({ thread: supportThreads, user: users, last: supportMessages })
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .innerJoin(supportMessages, eq(supportMessages.id, supportThreads.lastMessageId))
    .$dynamic();
  return newestPage(rows, supportThreads.lastMessageId, undefined, q);
}

export async function listThreads(db: DbOrTx, q: PageAsk): Promise<ServicesAnswer> {
  const [rows, [count]] = await Promise.all([
    threadPageQuery(db, q),
    db.select({ n: sql<number>`count(*)::int` }).from(supportThreads),
  ]);
  const ids = rows.map((r) => r.thread.userId);
  const unread =
    ids.length === 0
      ? []
      : await db
          .select({ userId: supportMessages.userId, n: sql<number>`count(*)::int` })
          .from(supportMessages)
          .where(
            and(
              inArray(supportMessages.userId, ids),
              eq(supportMessages.author, 'shopper'),
              isNull(supportMessages.readAt),
            ),
          )
          .groupBy(supportMessages.userId);
  const unreadOf = new Map(unread.map((u) => [u.userId, Number(u.n)]));
  return {
    list: rows.map(({ user, last }) => ({
      userId: user.id,
      account: user.account,
      name: shopperName(user),
      last: messageView(last),
      unread: unreadOf.get(user.id) ?? 0,
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

/** How operators see a shopper: their name, else their Telegram username, else the account. */
export function shopperName(u: {
  familyName: string;
  givenName: string;
  telegramUsername: string | null;
  account: string;
}): string {
  const name = [u.givenName, u.familyName].filter(Boolean).join(' ').trim();
  return name || (u.telegramUsername ? `@${u.telegramUsername}` : u.account);
}
