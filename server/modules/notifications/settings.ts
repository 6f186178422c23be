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
  /** The shopper allowed the bot to write to them (Telegram's requestWriteAccess). */
  bot_write_allowed?: true;
  /** The app asked it (after an order). */
  bot_write_asked?: true;
}

export async function readNotifySettings(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      telegramId: users.telegramId,
      orders: botChats.notifyOrders,
      refunds: botChats.notifyRefunds,
      wallet: botChats.notifyWallet,
      blockedAt: botChats.blockedAt,
      mayWrite: botChats.mayWrite,
      writeAskedAt: botChats.writeAskedAt,
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
    botMayWrite: row?.telegramId != null && row.mayWrite !== false,
    botWriteAsked: row?.writeAskedAt != null,
  };
}

export async function saveNotifySettings(db: DbOrTx, userId: number, change: NotifySwitches) {
  const set = {
    ...(change.orders === undefined ? {} : { notifyOrders: change.orders }),
    ...(change.refunds === undefined ? {} : { notifyRefunds: change.refunds }),
    ...(change.wallet === undefined ? {} : { notifyWallet: change.wallet }),
    // Allowed in Telegram just now: it may write, and a block from before is over.
    ...(change.bot_write_allowed ? { mayWrite: true, blockedAt: null } : {}),
    ...(change.bot_write_asked ? { writeAskedAt: sql`now()` } : {}),
  };
  if (Object.keys(set).length > 0)
    await db
      .insert(botChats)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: botChats.userId, set: { ...set, updatedAt: sql`now()` } });
  return readNotifySettings(db, userId);
}

/**
 * What a Telegram launch said about writing to the shopper (`allows_write_to_pm` of its signed init
 * data), kept for the outbox; nothing when the client did not say. The launch speaks as of its
 * signing: a decision recorded since (the shopper allowed it in the app or started the bot while
 * the launch's login was still under way) is newer and stays.
 */
export async function noteWriteAccess(
  db: DbOrTx,
  userId: number,
  launch: { allowsWrite?: boolean; launchedAt: Date },
) {
  const allowed = launch.allowsWrite;
  if (allowed === undefined) return;
  await db
    .insert(botChats)
    .values({ userId, mayWrite: allowed })
    .onConflictDoUpdate({
      target: botChats.userId,
      set: { mayWrite: allowed, updatedAt: sql`now()` },
      setWhere: sql`${botChats.mayWrite} is distinct from ${allowed} and ${botChats.updatedAt} <= ${launch.launchedAt.toISOString()}`,
    });
}
