import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The operator's desk in Telegram. A post is written in the same transaction as the event it
 * announces (a top-up asked, a withdrawal asked, an order paid), so it cannot be lost when Telegram
 * is down; the desk worker claims unsent posts with FOR UPDATE SKIP LOCKED and a lease, sends them
 * outside the transaction and keeps the sent message's chat and id, which decisions edit.
 */
export const deskPosts = pgTable(
  'desk_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What is posted: a key of server/modules/desk/kinds ('recharge', 'withdrawal', 'order', 'refund'). */
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed again before this (a worker's lease, a back-off, Telegram's retry_after). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    chatId: bigint('chat_id', { mode: 'number' }),
    messageId: bigint('message_id', { mode: 'number' }),
    /** Was sent with a picture (its text is a caption, edited with editMessageCaption). */
    photo: boolean('photo').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One post per object: a replayed event cannot post twice.
    uniqueIndex('desk_posts_ref_uq').on(t.kind, t.refId),
    // The worker's claim: unsent posts by when they are due.
    index('desk_posts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * A question the desk asked an operator with a force_reply prompt (the arrival amount, a refusal
 * reason, carrier and tracking number). Kept in the database so the reply may reach any instance.
 */
export const deskPrompts = pgTable(
  'desk_prompts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** The prompt message: only a reply to it answers. */
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    /** Only this operator's reply answers. */
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    /** Answered (or the object was decided otherwise): no longer open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('desk_prompts_message_uq').on(t.chatId, t.messageId)],
);
