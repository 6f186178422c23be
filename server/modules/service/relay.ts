import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toLang } from '@common/languages';
import { paths } from '@common/paths';
import type { Db } from '../../db/client';
import { supportMessages, supportThreads, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import type { Delivered, DueRow, OutboxKindSender, Sorted } from '../../lib/outbox';
import { uploadFile } from '../upload';
import { shopperName } from './threads';
import { uploadedFile, type BotApi, type InlineKeyboardMarkup } from '../../telegram/bot-api';

/**
 * The customer-service relay, the outbox's `relay` kind: carries each undelivered message (its row
 * has `relayed_at` null) to the other side. A shopper's message goes to the operator chat: into the
 * shopper's own forum topic where the chat is a forum (made on the first message), else as a
 * message that later ones reply to. An operator's answer goes to the shopper's private chat with
 * the bot, with a button opening /service. Without an operator chat shoppers' messages wait; a
 * message Telegram refuses, or fails MAX_TRIES times, is given up and stays in the Mini App.
 */
export interface RelayOptions {
  chatId: number | undefined;
  /** The Mini App's public address; answers carry a button opening /service there. */
  appUrl: string | undefined;
  dataDir: string;
  log?: (msg: string, err?: unknown) => void;
}

/** After this many failed tries a message is given up (logged): it stays in the Mini App. */
const MAX_TRIES = 8;

type Row = typeof supportMessages.$inferSelect;
type Shopper = typeof users.$inferSelect;

export function relayOutbox(db: Db, api: BotApi, opts: RelayOptions): OutboxKindSender {
  let forum: boolean | undefined;
  const isForum = async (chatId: number) => {
    if (forum === undefined) {
      const chat: unknown = await api.getChat(chatId);
      forum = typeof chat === 'object' && chat !== null && 'is_forum' in chat && chat.is_forum === true;
    }
    return forum;
  };

  const picture = (row: Row) => {
    const file = row.picture ? uploadFile(opts.dataDir, row.picture) : undefined;
    return file ? uploadedFile(file) : undefined;
  };

  /** Sends text and/or picture; answers the id of the message in the chat. */
  const post = async (
    chatId: number,
    row: Row,
    text: string,
    extra: Record<string, unknown>,
  ): Promise<number> => {
    const photo = picture(row);
    const sent = photo
      ? await api.sendPhoto(chatId, photo, { caption: text, ...extra })
      : await api.sendMessage(chatId, text, extra);
    return sent.message_id;
  };

  async function toOperators(chatId: number, row: Row, shopper: Shopper): Promise<number> {
    const [thread] = await db.select().from(supportThreads).where(eq(supportThreads.userId, row.userId));
    const who = `${shopperName(shopper)} · ${shopper.account} · #${shopper.id}`;
    const text = translate('en-US', 'bot.service.fromShopper', { who, text: row.text });
    if (await isForum(chatId)) {
      let topicId = thread?.topicId ?? null;
      if (topicId === null) {
        const topic = await api.createForumTopic(chatId, who.slice(0, 128));
        topicId = topic.message_thread_id;
        await db
          .update(supportThreads)
          .set({ topicId })
          .where(and(eq(supportThreads.userId, row.userId), isNull(supportThreads.topicId)));
      }
      return post(chatId, row, text, { message_thread_id: topicId });
    }
    const anchor = thread?.anchorMessageId ?? null;
    const id = await post(
      chatId,
      row,
      text,
      anchor === null ? {} : { reply_parameters: { message_id: anchor, allow_sending_without_reply: true } },
    );
    if (anchor === null)
      await db
        .update(supportThreads)
        .set({ anchorMessageId: id })
        .where(and(eq(supportThreads.userId, row.userId), isNull(supportThreads.anchorMessageId)));
    return id;
  }

  async function toShopper(row: Row, shopper: Shopper): Promise<boolean> {
    if (shopper.telegramId === null) return false; // read in the Mini App only
    const lang = toLang(shopper.lang);
    const text = translate(lang, 'bot.service.answer', { text: row.text });
    const markup: InlineKeyboardMarkup | undefined = opts.appUrl
      ? {
          inline_keyboard: [
            [
              {
                text: translate(lang, 'bot.service.open'),
                web_app: { url: new URL(paths.service.href(), opts.appUrl).toString() },
              },
            ],
          ],
        }
      : undefined;
    await post(shopper.telegramId, row, text, markup ? { reply_markup: markup } : {});
    return true;
  }

  /** Sends one message to the other side; answers what its row keeps. */
  async function deliver(row: Row, shopper: Shopper): Promise<Delivered> {
    let chatMessageId: number | null = row.chatMessageId;
    let sent = false;
    if (row.author === 'shopper' && opts.chatId !== undefined) {
      chatMessageId = await toOperators(opts.chatId, row, shopper);
      sent = true;
    } else if (row.author === 'operator') sent = await toShopper(row, shopper);
    return {
      sent,
      record: async (tx) => {
        await tx
          .update(supportMessages)
          .set({ relayedAt: sql`now()`, chatMessageId })
          .where(eq(supportMessages.id, row.id));
      },
    };
  }

  return {
    kind: 'relay',
    maxTries: MAX_TRIES,
    // 30 s after the first failed try, doubling up to an hour.
    backoff: { base: 30, cap: 3600 },
    refusalEnds: true,
    async sort(tx, rows: DueRow[], room): Promise<Sorted> {
      const sorted: Sorted = { take: [], wait: [], hold: [], settle: [] };
      const found = await tx
        .select({ row: supportMessages, shopper: users })
        .from(supportMessages)
        .innerJoin(users, eq(users.id, supportMessages.userId))
        .where(
          and(
            inArray(
              supportMessages.id,
              rows.map((r) => r.refId),
            ),
            isNull(supportMessages.relayedAt),
          ),
        );
      const byId = new Map(found.map((f) => [f.row.id, f]));
      for (const due of rows) {
        const message = byId.get(due.refId);
        if (!message) sorted.settle.push(due.id);
        // Without an operator chat, only answers to shoppers can be delivered.
        else if (message.row.author === 'shopper' && opts.chatId === undefined) sorted.hold.push(due.id);
        else if (sorted.take.length < room)
          sorted.take.push({
            row: due,
            send: () => deliver(message.row, message.shopper),
            // Given up: the message stays in the Mini App only.
            async giveUp(on, _why, lastError) {
              opts.log?.(`customer-service message ${message.row.id} given up: ${lastError}`);
              await on
                .update(supportMessages)
                .set({ relayedAt: sql`now()` })
                .where(eq(supportMessages.id, message.row.id));
            },
          });
      }
      return sorted;
    },
  };
}
