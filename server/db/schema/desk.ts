import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, int64, moment, serialId } from './columns';

/**
 * The operator's desk in Telegram. A post is written in the same transaction as the event it
 * announces (a top-up asked, a withdrawal asked, an order paid), so it cannot be lost when Telegram
 * is down (with its row in the outbox table, which sends it) and keeps the sent message's chat and
 * id, which decisions edit.
 */
export const deskPosts = pgTable(
  'desk_posts',
  {
    id: serialId(),
    /** What is posted: a key of server/modules/desk/kinds ('recharge', 'withdrawal', 'order', 'refund'). */
    kind: text('kind').notNull(),
    refId: int64('ref_id').notNull(),
    /** Why a post was marked sent without a message (its object gone or decided before it went). */
    lastError: text('last_error'),
    chatId: int64('chat_id'),
    messageId: int64('message_id'),
    /** Was sent with a picture (its text is a caption, edited with editMessageCaption). */
    photo: flag('photo', false),
    sentAt: moment('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One post per object: a replayed event cannot post twice.
    uniqueIndex('desk_posts_ref_uq').on(t.kind, t.refId),
  ],
);

/**
 * A question the desk asked an operator with a force_reply prompt (the arrival amount, a refusal
 * reason, carrier and tracking number). Kept in the database so the reply may reach any instance.
 */
export const deskPrompts = pgTable(
  'desk_prompts',
  {
    id: serialId(),
    chatId: int64('chat_id').notNull(),
    /** The prompt message: only a reply to it answers. */
    messageId: int64('message_id').notNull(),
    /** Only this operator's reply answers. */
    operatorId: int64('operator_id').notNull(),
    kind: text('kind').notNull(),
    refId: int64('ref_id').notNull(),
    action: text('action').notNull(),
    /** Answered (or the object was decided otherwise): no longer open. */
    closedAt: moment('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('desk_prompts_message_uq').on(t.chatId, t.messageId)],
);
