import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, createdAt, int64, link, moment, serialId } from './columns';
import { users } from './users';

/** Who wrote a customer-service message: the shopper, or the shop (an operator). */
export const SUPPORT_AUTHORS = ['shopper', 'operator'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/**
 * One conversation per shopper with the shop (server/modules/service). Each row is queued in the
 * outbox table in its own transaction, and `relayed_at` null means the relay has still to carry it
 * to the other side (a shopper's message to the operator chat, an operator's answer to the
 * shopper's private chat with the bot), so nothing is lost or sent twice.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serialId(),
    /** The shopper whose conversation this is, whoever wrote it. */
    userId: link('user_id', () => users.id, 'cascade'),
    author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
    /** The operator's Telegram user id (answers only). */
    operatorTgId: int64('operator_tg_id'),
    text: blank('text'),
    /** A picture: an upload's path (`/uploads/...`). */
    picture: text('picture'),
    createdAt: createdAt(),
    /** When the other side read it (the shopper an answer, an operator a shopper's message). */
    readAt: moment('read_at'),
    /** When the relay carried it to the other side (or gave up: it stays in the Mini App). */
    relayedAt: moment('relayed_at'),
    /** The message's id in the operator chat (a relayed one, or the operator's own there). */
    chatMessageId: int64('chat_message_id'),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.id),
    index('support_messages_unread_idx')
      .on(t.userId, t.author)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('support_messages_chat_message_uq').on(t.chatMessageId),
  ],
);

/**
 * A shopper's conversation as a whole: its place in the operator chat (the forum topic, or the
 * first relayed message later ones reply to) and its latest message, for the operators' list.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    userId: int64('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: int64('topic_id'),
    anchorMessageId: int64('anchor_message_id'),
    lastMessageId: int64('last_message_id').notNull(),
  },
  (t) => [
    index('support_threads_last_idx').on(t.lastMessageId),
    uniqueIndex('support_threads_topic_uq').on(t.topicId),
  ],
);
