import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, int64, moment, serialId, zero } from './columns';

/** What the outbox carries to Telegram: a shopper's notification, a desk post, a customer-service message. */
export const OUTBOX_KINDS = ['notification', 'desk', 'relay'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * The one queue of messages to Telegram. A row is written in the same transaction as the row it
 * carries (`ref_id` in notifications, desk_posts or support_messages, by `kind`), so nothing is
 * lost while Telegram is down; the sender claims due rows with FOR UPDATE SKIP LOCKED and a lease
 * (server/jobs/outbox-claim.ts). The source row keeps the content and the outcome screens read.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    refId: int64('ref_id').notNull(),
    /** Not claimed before this (a claim's lease, a back-off, Telegram's retry_after). */
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    attempts: zero('attempts'),
    lastError: text('last_error'),
    /** When the row left the queue: sent, or settled without sending (its source row says why). */
    sentAt: moment('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One delivery per source row: a replayed event cannot queue it twice.
    uniqueIndex('outbox_ref_uq').on(t.kind, t.refId),
    // The claim: rows still to send, due first.
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
