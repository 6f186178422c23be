import { bigint, boolean, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The bot's side of a shop account's Telegram chat: whether the shopper blocked the bot (a 403:
 * nothing more is tried until they write to it again), when the outbox last sent there (at most one
 * message a second per chat) and which kinds of notification they want in Telegram (the
 * /setting switches; an off kind is still listed on /notification). No row: everything on.
 */
export const botChats = pgTable('bot_chats', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
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
