import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { beforeAll, describe, expect, it } from 'vitest';
import { botChats, users } from '../../server/db/schema';
import { TokenBucket } from '../../server/jobs/outbox-sender';
import { translate } from '../../server/lib/i18n';
import { botShoppers } from '../../server/telegram/shoppers';
import { initData, TG_USER } from './helpers';
import { useTestApp } from '../support/use-app';
import { deliverNotifications, notificationRow, notifyRows } from './outbox-fixture';

type Settings = {
  orders: boolean;
  refunds: boolean;
  wallet: boolean;
  telegram: boolean;
  blocked: boolean;
  botMayWrite: boolean;
  botWriteAsked: boolean;
};

const t = useTestApp();
let me: { token: string; id: number };
let other: { token: string; id: number };

const read = (token = me.token) => t.endpoint<Settings>('notify.settings', { token });
const save = (body: unknown, token = me.token, lang?: string) =>
  t.endpoint<Settings>('notify.saveSettings', { body, token, lang });

beforeAll(async () => {
  me = await t.register('switches');
  other = await t.register('switches_other');
  await t.database.db.update(users).set({ telegramId: 7_555_000_001 }).where(eq(users.id, me.id));
});

describe('notification switches: GET/POST /api/user/notify_settings', () => {
  it('everything is on at first; the answer says whether the account has a Telegram chat', async () => {
    expect((await read()).data).toEqual({
      orders: true,
      refunds: true,
      wallet: true,
      telegram: true,
      blocked: false,
      botMayWrite: true,
      botWriteAsked: false,
    });
    expect((await read(other.token)).data).toMatchObject({
      orders: true,
      telegram: false,
      botMayWrite: false,
    });
  });

  it("a change touches only the kinds named, and only the shopper's own", async () => {
    const off = await save({ wallet: false });
    expect(off.code).toBe(1);
    expect(off.data).toMatchObject({ orders: true, refunds: true, wallet: false });
    expect((await save({ refunds: false })).data).toMatchObject({
      orders: true,
      refunds: false,
      wallet: false,
    });
    expect((await read()).data).toMatchObject({ orders: true, refunds: false, wallet: false });
    expect((await read(other.token)).data).toMatchObject({ orders: true, refunds: true, wallet: true });
    expect((await save({ refunds: true })).data).toMatchObject({ refunds: true, wallet: false });
  });

  it('bad input gets a translated message and changes nothing; no session gets 401', async () => {
    const before = (await read()).data;
    const bad = await save({ orders: 'nope' }, me.token, 'de-DE');
    expect(bad.code).toBe(0);
    expect(bad.msg).toBe(translate('de-DE', 'errors.badRequest'));
    expect((await read()).data).toEqual(before);
    const anonymous = await t.endpoint('notify.saveSettings', { body: { orders: false } });
    expect(anonymous.code).toBe(401);
  });

  it('a kind switched off is still listed on /notification but not sent to Telegram', async () => {
    const { db } = t.database;
    await notifyRows(db, [
      {
        userId: me.id,
        kind: 'wallet.notify.withdrawPassed',
        params: { amount: '9.00' },
        refType: 'withdrawal',
        refId: '1',
      },
      {
        userId: me.id,
        kind: 'order',
        params: { sn: 'SN-ON', status: 2, from: 1 },
        refType: 'order',
        refId: '5',
      },
    ]);
    const calls: Record<string, unknown>[] = [];
    const api = new Api('42:TEST-outbox-token');
    api.config.use(async (_prev, _method, payload) => {
      calls.push(payload as Record<string, unknown>);
      return { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } as never;
    });
    await deliverNotifications(db, api, { bucket: new TokenBucket(100) });
    expect(calls.map((c) => c.text)).toEqual([translate('en-US', 'notify.order.2', { sn: 'SN-ON' })]);
    const listed = await t.endpoint<{ list: { kind: string }[] }>('notify.list', {
      token: me.token,
    });
    expect(listed.data.list.map((n) => n.kind).sort()).toEqual(['order', 'wallet.notify.withdrawPassed']);
  });

  it('a chat the bot is blocked in is reported', async () => {
    await t.database.db.update(botChats).set({ blockedAt: new Date() }).where(eq(botChats.userId, me.id));
    expect((await read()).data.blocked).toBe(true);
  });
});

describe('whether the bot may write first (a shopper who came by a direct link)', () => {
  /** A Bot API whose sent messages are counted; nothing reaches Telegram. */
  function capture() {
    const chats: unknown[] = [];
    const api = new Api('42:TEST-outbox-token');
    api.config.use(async (_prev, _method, payload) => {
      chats.push((payload as { chat_id: unknown }).chat_id);
      return { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } as never;
    });
    return { api, chats };
  }
  const orderNews = async (userId: number, sn: string) => {
    const [id] = await notifyRows(t.database.db, [
      { userId, kind: 'order', params: { sn, status: 2, from: 1 }, refType: 'order', refId: '9' },
    ]);
    return id;
  };
  const deliveryOf = (id: number) => notificationRow(t.database.db, id);

  it('a launch that does not allow it sends nothing; allowing it in the app, or writing to the bot, sends again', async () => {
    const tg = { ...TG_USER, id: 7_555_000_101, allows_write_to_pm: false };
    const login = await t.endpoint<{ userinfo: { id: number; token: string } }>('user.tgLogin', {
      body: { init_data: initData(tg) },
    });
    const { id, token } = login.data.userinfo;
    expect((await read(token)).data).toMatchObject({ telegram: true, botMayWrite: false });
    const quiet = await orderNews(id, 'SN-QUIET');
    const first = capture();
    await deliverNotifications(t.database.db, first.api, { bucket: new TokenBucket(100) });
    expect(await deliveryOf(quiet)).toMatchObject({ delivery: 'noWrite', sentAt: null, attempts: 0 });
    expect(first.chats).not.toContain(tg.id);

    // The app asked (Telegram's requestWriteAccess) and the shopper said no: noted, still no.
    expect((await save({ bot_write_asked: true }, token)).data).toMatchObject({
      botMayWrite: false,
      botWriteAsked: true,
    });
    // Then allowed it (on /setting): the app says so.
    expect((await save({ bot_write_allowed: true }, token)).data).toMatchObject({ botMayWrite: true });
    const news = await orderNews(id, 'SN-NEWS');
    const second = capture();
    await deliverNotifications(t.database.db, second.api, { bucket: new TokenBucket(100) });
    expect(await deliveryOf(news)).toMatchObject({ delivery: 'sent' });
    expect(second.chats).toContain(tg.id);

    // A launch signed before the shopper allowed it, whose login arrives only now, says less than
    // the allow; a later launch that says no (the shopper took it back) is believed. Telegram dates
    // a launch to the second: the later one is signed two seconds on.
    const earlier = new Date(Date.now() - 5_000);
    await t.endpoint('user.tgLogin', { body: { init_data: initData(tg, { authDate: earlier }) } });
    expect((await read(token)).data.botMayWrite).toBe(true);
    const later = new Date(Date.now() + 2_000);
    await t.endpoint('user.tgLogin', { body: { init_data: initData(tg, { authDate: later }) } });
    expect((await read(token)).data.botMayWrite).toBe(false);
    await botShoppers(t.database.db).language(tg.id);
    expect((await read(token)).data.botMayWrite).toBe(true);
  });

  it('a call that arrives before the silent login of a new direct-link shopper reads "may not write"', async () => {
    const tg = { ...TG_USER, id: 7_555_000_102, allows_write_to_pm: false };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/notify_settings',
      headers: { authorization: `tma ${initData(tg)}` },
    });
    expect(res.json()).toMatchObject({ code: 1, data: { telegram: true, botMayWrite: false } });
  });

  it('only "allowed" can be reported, and only by a logged-in shopper', async () => {
    const before = (await read()).data;
    for (const body of [
      { bot_write_allowed: false },
      { bot_write_allowed: 'yes' },
      { bot_write_asked: false },
    ]) {
      const bad = await save(body, me.token, 'ja-JP');
      expect(bad.msg).toBe(translate('ja-JP', 'errors.badRequest'));
    }
    expect((await read()).data).toEqual(before);
    const anonymous = await t.endpoint('notify.saveSettings', {
      body: { bot_write_allowed: true },
    });
    expect(anonymous.code).toBe(401);
  });
});
