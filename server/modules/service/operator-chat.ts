import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportMessages, supportThreads } from '../../db/schema';
import { withFileMoves } from '../upload';
import { addMessage } from './messages';

/**
 * An operator's message in the operator chat, as the bot saw it: in a shopper's forum topic, or a
 * reply to one of the messages the relay posted there. `picture` is an upload path already stored.
 */
export interface OperatorChatMessage {
  operatorTgId: number;
  messageId: number;
  topicId?: number;
  replyToMessageId?: number;
  text: string;
  picture?: string;
}

/** Whose conversation a message in the operator chat belongs to, or undefined (not a customer-service one). */
export async function shopperOf(
  db: Db,
  where: { topicId?: number; replyToMessageId?: number },
): Promise<number | undefined> {
  if (where.topicId !== undefined) {
    const [t] = await db
      .select({ userId: supportThreads.userId })
      .from(supportThreads)
      .where(eq(supportThreads.topicId, where.topicId));
    if (t) return t.userId;
  }
  if (where.replyToMessageId !== undefined) {
    const [m] = await db
      .select({ userId: supportMessages.userId })
      .from(supportMessages)
      .where(eq(supportMessages.chatMessageId, where.replyToMessageId));
    return m?.userId;
  }
  return undefined;
}

/**
 * Stores the operator's message as the shop's answer (delivered to the shopper by the relay).
 * Answers false when it answers no shopper's conversation; the same chat message twice (a
 * repeated update) is stored once. A picture's file is in `dataDir`.
 */
export async function answerFromChat(db: Db, m: OperatorChatMessage, dataDir?: string): Promise<boolean> {
  const userId = await shopperOf(db, m);
  if (userId === undefined) return false;
  if (!m.text && !m.picture) return false;
  return withFileMoves(db, (moves) =>
    db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ id: supportMessages.id })
        .from(supportMessages)
        .where(eq(supportMessages.chatMessageId, m.messageId));
      if (seen) return true;
      await addMessage(
        tx,
        {
          userId,
          author: 'operator',
          text: m.text,
          picture: m.picture,
          operatorTgId: m.operatorTgId,
          chatMessageId: m.messageId,
          uploaderId: userId,
        },
        dataDir === undefined ? undefined : { dataDir, moves },
      );
      return true;
    }),
  );
}
