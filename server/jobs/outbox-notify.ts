import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toLang, type Lang } from '../../common/languages';
import type { DbOrTx, Tx } from '../db/client';
import { botChats, notifications, users, type NOTIFICATION_DELIVERY } from '../db/schema';
import { translate } from '../lib/i18n';
import type { DueRow, OutboxJob, OutboxKindSender, Sorted } from '../lib/outbox';
import { notificationLink, notificationText, notifyGroup, type NotifyGroup } from '../modules/notifications';
import type { BotApi } from '../telegram/bot-api';

/**
 * The outbox's notifications: the rows orders, refunds, top-ups and withdrawals write are sent to
 * the shopper's Telegram chat, in the shop account's language, with a button opening their screen.
 * A batch takes one row per shopper, none whose chat was sent to under a second ago (Telegram's
 * limit of one message a second per chat); rows that will never be sent (no Telegram chat,
 * blocked, not allowed to write, switched off, too old) are settled with the reason. A 403 marks
 * the shopper's chat blocked and nothing more is tried there until they write to the bot again.
 */
export const MAX_ATTEMPTS = 8;
/** A notification not delivered within this long is no longer news: it stays on /notification only. */
export const MAX_AGE_SECONDS = 3 * 24 * 60 * 60;

type Delivery = (typeof NOTIFICATION_DELIVERY)[number];

/** What the outbox needs of the Bot API (a test's client has its calls captured). */
export type Sender = Pick<BotApi, 'sendMessage'>;

/** A claimed notification with what its message needs. */
export interface Claimed {
  id: number;
  userId: number;
  chatId: number;
  lang: Lang;
  kind: string;
  params: Record<string, string | number>;
  refType: string | null;
  refId: string | null;
}

const WANTS: Record<NotifyGroup, 'notifyOrders' | 'notifyRefunds' | 'notifyWallet'> = {
  orders: 'notifyOrders',
  refunds: 'notifyRefunds',
  wallet: 'notifyWallet',
};

/** The message of a claimed row, in the shopper's language, with its screen's button. */
export function outboxMessage(c: Claimed, appUrl: string | undefined) {
  const text = notificationText(c.lang, c);
  const link = notificationLink(c);
  // Telegram opens only https addresses as a Mini App.
  if (!link || !appUrl?.startsWith('https://')) return { text, other: {} };
  const url = new URL(link, appUrl).toString();
  return {
    text,
    other: {
      reply_markup: { inline_keyboard: [[{ text: translate(c.lang, 'bot.view'), web_app: { url } }]] },
    },
  };
}

const setDelivery = (db: DbOrTx, ids: number[], delivery: Delivery) =>
  db.update(notifications).set({ delivery }).where(inArray(notifications.id, ids));

/** The notifications' kind of the outbox, sent with `sender`; `appUrl` is the Mini App's public address. */
export function notificationSender(sender: Sender, appUrl: string | undefined): OutboxKindSender {
  const job = (row: DueRow, c: Claimed): OutboxJob => ({
    row,
    async send() {
      const { text, other } = outboxMessage(c, appUrl);
      await sender.sendMessage(c.chatId, text, other);
      return {
        sent: true,
        record: async (tx) => {
          await tx
            .update(notifications)
            .set({ sentAt: sql`now()`, delivery: 'sent' })
            .where(eq(notifications.id, c.id));
        },
      };
    },
    async giveUp(db, why) {
      if (why === 'blocked')
        await db
          .insert(botChats)
          .values({ userId: c.userId, blockedAt: sql`now()` })
          .onConflictDoUpdate({
            target: botChats.userId,
            set: { blockedAt: sql`now()`, updatedAt: sql`now()` },
          });
      await setDelivery(db, [c.id], why);
    },
  });

  async function sort(tx: Tx, rows: DueRow[], room: number, now: SQL): Promise<Sorted> {
    const sorted: Sorted = { take: [], wait: [], hold: [], settle: [] };
    const found = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        params: notifications.params,
        refType: notifications.refType,
        refId: notifications.refId,
        done: sql<boolean>`${notifications.sentAt} is not null or ${notifications.delivery} is not null`,
        stale: sql<boolean>`${notifications.createdAt} < ${now} - ${MAX_AGE_SECONDS}::int * interval '1 second'`,
        telegramId: users.telegramId,
        lang: users.lang,
        blocked: sql<boolean>`${botChats.blockedAt} is not null`,
        mayWrite: botChats.mayWrite,
        recent: sql<boolean>`coalesce(${botChats.lastSentAt} > ${now} - interval '1 second', false)`,
        notifyOrders: botChats.notifyOrders,
        notifyRefunds: botChats.notifyRefunds,
        notifyWallet: botChats.notifyWallet,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(botChats, eq(botChats.userId, users.id))
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.refId),
        ),
      );
    const byId = new Map(found.map((n) => [n.id, n]));
    const settled = new Map<Delivery, number[]>();
    const chats = new Set<number>();
    for (const row of rows) {
      const n = byId.get(row.refId);
      // Gone with its account, or told already: nothing to send.
      if (!n || n.done) {
        sorted.settle.push(row.id);
        continue;
      }
      const end: Delivery | undefined = !n.telegramId
        ? 'noChat'
        : n.blocked
          ? 'blocked'
          : n.mayWrite === false
            ? 'noWrite'
            : n[WANTS[notifyGroup(n)]] === false
              ? 'off'
              : n.stale
                ? 'stale'
                : undefined;
      if (end) {
        settled.set(end, [...(settled.get(end) ?? []), n.id]);
        sorted.settle.push(row.id);
      } else if (n.recent || chats.has(n.userId)) sorted.wait.push(row.id);
      // The batch is full: the row stays as it is for the next run.
      else if (sorted.take.length >= room) continue;
      else {
        chats.add(n.userId);
        sorted.take.push(
          job(row, {
            id: n.id,
            userId: n.userId,
            chatId: n.telegramId as number,
            lang: toLang(n.lang),
            kind: n.kind,
            params: n.params,
            refType: n.refType,
            refId: n.refId,
          }),
        );
      }
    }
    for (const [delivery, ids] of settled) await setDelivery(tx, ids, delivery);
    if (chats.size > 0) {
      // Ordered by user, so two processes upserting the same chats take their locks in one order.
      const userIds = [...chats].sort((a, b) => a - b);
      await tx
        .insert(botChats)
        .values(userIds.map((userId) => ({ userId, lastSentAt: now })))
        .onConflictDoUpdate({ target: botChats.userId, set: { lastSentAt: now } });
    }
    return sorted;
  }

  return {
    kind: 'notification',
    maxTries: MAX_ATTEMPTS,
    backoff: { base: 5, cap: 30 * 60 },
    refusalEnds: true,
    sort,
  };
}
