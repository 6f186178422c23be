import { eq, inArray, isNull, and, sql } from 'drizzle-orm';
import { deskPosts } from '../../db/schema';
import type { DueRow, OutboxKindSender, Sorted } from '../../lib/outbox';

/**
 * The desk's kind of the outbox: posts for the operators' chat. A post sent is marked with its
 * message, which decisions edit; a failure is tried again with a growing pause (5 s doubling to an
 * hour), never given up, as the operators must see every post.
 */
export const MAX_BACKOFF_SECONDS = 3600;

export interface DeskPostRef {
  id: number;
  kind: string;
  refId: number;
  attempts: number;
}

/** Sends one post; answers the message, or null when there is nothing to post (object gone or decided). */
export type SendPost = (
  post: DeskPostRef,
) => Promise<{ chatId: number; messageId: number; photo: boolean } | null>;

/** The desk posts' kind of the outbox, sent with `send`. */
export function deskOutbox(send: SendPost): OutboxKindSender {
  return {
    kind: 'desk',
    maxTries: Infinity,
    backoff: { base: 5, cap: MAX_BACKOFF_SECONDS },
    refusalEnds: false,
    async sort(tx, rows: DueRow[], room): Promise<Sorted> {
      const sorted: Sorted = { take: [], wait: [], hold: [], settle: [] };
      const posts = await tx
        .select({ id: deskPosts.id, kind: deskPosts.kind, refId: deskPosts.refId })
        .from(deskPosts)
        .where(
          and(
            inArray(
              deskPosts.id,
              rows.map((r) => r.refId),
            ),
            isNull(deskPosts.sentAt),
          ),
        );
      const byId = new Map(posts.map((p) => [p.id, p]));
      for (const row of rows) {
        const post = byId.get(row.refId);
        if (!post) sorted.settle.push(row.id);
        else if (sorted.take.length < room)
          sorted.take.push({
            row,
            async send() {
              const message = await send({ ...post, attempts: row.attempts });
              return {
                sent: message !== null,
                record: async (db) => {
                  await db
                    .update(deskPosts)
                    .set({
                      sentAt: sql`now()`,
                      chatId: message?.chatId ?? null,
                      messageId: message?.messageId ?? null,
                      photo: message?.photo ?? false,
                      lastError: message ? null : 'nothing to post: its object is gone or decided',
                    })
                    .where(eq(deskPosts.id, post.id));
                },
              };
            },
            // Never given up: a post is tried again until Telegram takes it.
            giveUp: async () => {},
          });
      }
      return sorted;
    },
  };
}
