import { boolean, index, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, flag, int64, moment, ownKey } from './columns';
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
  userId: ownKey('user_id', () => users.id),
  blockedAt: moment('blocked_at'),
  mayWrite: boolean('may_write'),
  /** When the app last asked the shopper Telegram's question (asked once after an order). */
  writeAskedAt: moment('write_asked_at'),
  lastSentAt: moment('last_sent_at'),
  notifyOrders: flag('notify_orders', true),
  notifyRefunds: flag('notify_refunds', true),
  notifyWallet: flag('notify_wallet', true),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * Telegram update ids the bot has handled: a re-delivered update (webhook retry, a restart while
 * polling) finds its id here and is skipped. Old ids are swept (server/jobs).
 */
export const botUpdates = pgTable(
  'bot_updates',
  {
    updateId: int64('update_id').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('bot_updates_created_idx').on(t.createdAt)],
);
