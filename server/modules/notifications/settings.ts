import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { botChats, users } from '../../db/schema';

/**
 * The shopper's notification switches (GET/POST /api/user/notify_settings): one bot_chats row per
 * account, made on the first change (no row: everything on). The outbox reads the same columns.
 */
export interface NotifySwitches {
  orders?: boolean;
  refunds?: boolean;
  wallet?: boolean;
}

export async function readNotifySettings(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      telegramId: users.telegramId,
      orders: botChats.notifyOrders,
      refunds: botChats.notifyRefunds,
      wallet: botChats.notifyWallet,
      blockedAt: botChats.blockedAt,
    })
    .from(users)
    .leftJoin(botChats, eq(botChats.userId, users.id))
    .where(eq(users.id, userId));
  return {
    orders: row?.orders ?? true,
    refunds: row?.refunds ?? true,
    wallet: row?.wallet ?? true,
    telegram: row?.telegramId != null,
    blocked: row?.blockedAt != null,
  };
}

export async function saveNotifySettings(db: DbOrTx, userId: number, change: NotifySwitches) {
  const set = {
    ...(change.orders === undefined ? {} : { notifyOrders: change.orders }),
    ...(change.refunds === undefined ? {} : { notifyRefunds: change.refunds }),
    ...(change.wallet === undefined ? {} : { notifyWallet: change.wallet }),
  };
  if (Object.keys(set).length > 0)
    await db
      .insert(botChats)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: botChats.userId, set: { ...set, updatedAt: sql`now()` } });
  return readNotifySettings(db, userId);
}
