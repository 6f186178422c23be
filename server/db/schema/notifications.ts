import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';
import { shopperRow } from './users';

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
 * lists them; the outbox (the outbox table) delivers them to Telegram (`sent_at`, `delivery`).
 */
export const notifications = pgTable(
  'notifications',
  {
    ...shopperRow('cascade'),
    /** A translation key under "notify" in the locale files, e.g. "orderShipped". */
    kind: text('kind').notNull(),
    /** Parameters of the text (order number, amount...). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    refType: text('ref_type'),
    refId: text('ref_id'),
    readAt: moment('read_at'),
    sentAt: moment('sent_at'),
    /**
     * Why the outbox stopped without sending (server/jobs/outbox-notify.ts): null while it may still be
     * sent; 'sent' once sent.
     */
    delivery: text('delivery', { enum: NOTIFICATION_DELIVERY }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
