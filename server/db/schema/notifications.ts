import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, link, moment, serialId, zero } from './columns';
import { users } from './users';

/** What shoppers are told, and how far the outbox got in telling them on Telegram. */

/**
 * A notification's end in the outbox: sent; the shopper switched its kind off; the bot is blocked;
 * the account has no Telegram chat; the bot may not write first (the shopper never started it nor
 * allowed it: bot_chats.may_write); too old to be news; given up after errors.
 */
export const NOTIFICATION_DELIVERY = [
  'sent',
  'off',
  'blocked',
  'noChat',
  'noWrite',
  'stale',
  'failed',
] as const;

/**
 * What a shopper is told: order steps, refunds, top-ups, withdrawals. The /notification screen
 * lists them; the bot's outbox delivers them to Telegram (`sent_at`, `attempts`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: link('user_id', () => users.id, 'cascade'),
    /** A translation key under "notify" in the locale files, e.g. "orderShipped". */
    kind: text('kind').notNull(),
    /** Parameters of the text (order number, amount...). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    refType: text('ref_type'),
    refId: text('ref_id'),
    readAt: moment('read_at'),
    sentAt: moment('sent_at'),
    attempts: zero('attempts'),
    /** The outbox takes the row from this moment (a claim's lease, a retry's back-off). */
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    /**
     * Why the outbox stopped without sending (server/jobs/outbox.ts): null while it may still be
     * sent; 'sent' once sent.
     */
    delivery: text('delivery', { enum: NOTIFICATION_DELIVERY }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // The outbox: rows still to send, due first.
    index('notifications_outbox_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.delivery} is null`),
    index('notifications_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
