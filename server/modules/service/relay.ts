import { and, eq, isNull, sql } from 'drizzle-orm';
import { toLang } from '@common/languages';
import { paths } from '@common/paths';
import type { Db } from '../../db/client';
import { supportMessages, supportThreads, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { uploadFile } from '../upload';
import { shopperName } from './threads';
import { uploadedFile, type BotApi, type InlineKeyboardMarkup } from '../../telegram/bot-api';
import { backoffSeconds } from '../../telegram/send-retry';

/**
 * The customer-service relay: carries each undelivered message (its row has `relayed_at` null)
 * to the other side. A shopper's message goes to the operator chat: into the shopper's own forum
 * topic where the chat is a forum (made on the first message), else as a message that later ones
 * reply to. An operator's answer goes to the shopper's private chat with the bot, with a button
 * opening /service. Rows are leased (claimed with FOR UPDATE SKIP LOCKED, pushed a minute ahead)
 * before Telegram is called, so several processes never send one twice at once; a failed send is
 * tried again later, waiting longer each time. The claim/send shape is shared with the other
 * outboxes' workers on purpose (one module each; the lead may unify them).
 */
export interface RelayOptions {
  chatId: number | undefined;
  /** The Mini App's public address; answers carry a button opening /service there. */
  appUrl: string | undefined;
  dataDir: string;
  batch?: number;
  log?: (msg: string, err?: unknown) => void;
}

const LEASE = sql`now() + interval '1 minute'`;
/** After this many failed tries a message is given up (logged): it stays in the Mini App. */
const MAX_TRIES = 8;

type Row = typeof supportMessages.$inferSelect;
type Shopper = typeof users.$inferSelect;

async function claim(db: Db, batch: number, withChat: boolean): Promise<number[]> {
  const due = sql`${supportMessages.relayedAt} is null and ${supportMessages.relayAfter} <= now()`;
  // Without an operator chat, only answers to shoppers can be delivered.
  const which = withChat ? due : sql`${due} and ${supportMessages.author} = 'operator'`;
  const result: unknown = await db.execute(sql`
    update ${supportMessages} set relay_after = ${LEASE}
    where id in (select id from ${supportMessages} where ${which}
                 order by id limit ${batch} for update skip locked)
    returning id`);
  // postgres-js answers an array of rows, PGlite an object with `rows`.
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    id: number | string;
  }[];
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export function serviceRelay(db: Db, api: BotApi, opts: RelayOptions) {
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

  async function toShopper(row: Row, shopper: Shopper): Promise<void> {
    if (shopper.telegramId === null) return; // read in the Mini App only
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
  }

  async function deliver(id: number): Promise<void> {
    const [found] = await db
      .select({ row: supportMessages, shopper: users })
      .from(supportMessages)
      .innerJoin(users, eq(users.id, supportMessages.userId))
      .where(and(eq(supportMessages.id, id), isNull(supportMessages.relayedAt)));
    if (!found) return;
    const { row, shopper } = found;
    try {
      let chatMessageId: number | null = row.chatMessageId;
      if (row.author === 'shopper' && opts.chatId !== undefined)
        chatMessageId = await toOperators(opts.chatId, row, shopper);
      else if (row.author === 'operator') await toShopper(row, shopper);
      await db
        .update(supportMessages)
        .set({ relayedAt: sql`now()`, chatMessageId })
        .where(eq(supportMessages.id, id));
    } catch (err) {
      const tries = row.relayTries + 1;
      opts.log?.(`customer-service message ${id} not delivered (try ${tries})`, err);
      // 30 s after the first failed try, doubling up to an hour.
      const wait = `${backoffSeconds(tries, 30, 3600)} seconds`;
      await db
        .update(supportMessages)
        .set(
          tries >= MAX_TRIES
            ? { relayTries: tries, relayedAt: sql`now()` }
            : { relayTries: tries, relayAfter: sql`now() + ${wait}::interval` },
        )
        .where(eq(supportMessages.id, id));
    }
  }

  /** One pass: delivers what is due, in order; answers how many were handled. */
  return async function relayOnce(): Promise<number> {
    const ids = await claim(db, opts.batch ?? 20, opts.chatId !== undefined);
    for (const id of ids) await deliver(id);
    return ids.length;
  };
}
