import { bigint, boolean, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The bot's side of a shop account's Telegram chat: whether the shopper blocked the bot (a 403:
 * nothing more is tried until they write to it again), when the outbox last sent there (at most one
 * message a second per chat) and which kinds of notification they want in Telegram (the
 * /setting switches; an off kind is still listed on /notification). No row: everything on.
 *
 * `mayWrite`: whether Telegram lets the bot write to the shopper first. A shopper who opened the Mini
 * App by a direct link and never started the bot has not allowed it: the launch's init data says so
 * (`allows_write_to_pm`, recorded at each Telegram login), and the app asks (`requestWriteAccess`).
 * True once they allowed it or wrote to the bot; false: the outbox sends nothing (delivery
 * `noWrite`); null: not known (accounts from before, a client that does not say), tried as before.
 * `writeAskedAt`: the app asked after an order, so it does not ask after every order.
 */
export const botChats = pgTable('bot_chats', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  mayWrite: boolean('may_write'),
  /** When the app last asked the shopper Telegram's question (asked once after an order). */
  writeAskedAt: timestamp('write_asked_at', { withTimezone: true }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  notifyOrders: boolean('notify_orders').notNull().default(true),
  notifyRefunds: boolean('notify_refunds').notNull().default(true),
  notifyWallet: boolean('notify_wallet').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Telegram update ids the bot has handled: a re-delivered update (webhook retry, a restart while
 * polling) finds its id here and is skipped. Old ids are swept (server/jobs).
 */
export const botUpdates = pgTable(
  'bot_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_updates_created_idx').on(t.createdAt)],
);
