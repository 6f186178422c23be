import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import ja from '../../locales/ja-JP.json';
import { botChats, users } from '../../server/db/schema';
import { TEST_BOT_TOKEN } from '../support/app';
import type { TelegramTestUser } from '../support/telegram';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/** The notification switches of /setting inside a (mocked) Telegram client against the real server. */
const server = useRealServer();

let nextTgId = 7_200_000_000;

async function chatOf(tgId: number) {
  const { db } = server.api.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, tgId));
  const [chat] = await db.select().from(botChats).where(eq(botChats.userId, user.id));
  return chat;
}

const switchOf = (kind: string) => screen.getByTestId(`notify-${kind}`) as HTMLInputElement;

describe('/setting: which notifications the bot sends to Telegram', () => {
  it('shows the three kinds on, and a switch turned off is saved for this shopper', async () => {
    const user: TelegramTestUser = { id: nextTgId++, first_name: 'Nina', language_code: 'de' };
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user });
    await startApp('/setting');
    const section = await screen.findByTestId('notify-switches');
    expect(section.textContent).toContain(de.notifySettings.title);
    expect(section.textContent).toContain(de.notifySettings.refunds);
    expect(section.textContent).toContain(de.notifySettings.hint);
    for (const kind of ['orders', 'refunds', 'wallet']) expect(switchOf(kind).checked).toBe(true);

    fireEvent.click(switchOf('wallet'));
    await waitFor(async () => expect((await chatOf(user.id))?.notifyWallet).toBe(false));
    const chat = await chatOf(user.id);
    expect(chat).toMatchObject({ notifyOrders: true, notifyRefunds: true, notifyWallet: false });
    await waitFor(() => expect(switchOf('wallet').disabled).toBe(false));
    expect(switchOf('wallet').checked).toBe(false);

    fireEvent.click(switchOf('wallet'));
    await waitFor(async () => expect((await chatOf(user.id))?.notifyWallet).toBe(true));
  });

  it('each switch is named by its row and described by the line under it', async () => {
    const user: TelegramTestUser = { id: nextTgId++, first_name: 'Nina', language_code: 'de' };
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user });
    await startApp('/setting');
    await screen.findByTestId('notify-switches');
    for (const kind of ['orders', 'refunds', 'wallet'] as const) {
      const toggle = screen.getByRole('checkbox', { name: de.notifySettings[kind] });
      expect(toggle).toBe(switchOf(kind));
      const hint = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe(de.notifySettings[`${kind}Hint`]);
    }
  });

  it('tells a shopper who blocked the bot why nothing arrives, in their language', async () => {
    const user: TelegramTestUser = { id: nextTgId++, first_name: 'Ken', language_code: 'ja' };
    // The shopper's account exists already, its chat marked blocked by the outbox.
    const { db } = server.api.database;
    const [row] = await db
      .insert(users)
      .values({ account: `tg_${user.id}`, telegramId: user.id, lang: 'ja-JP' })
      .returning({ id: users.id });
    await db.insert(botChats).values({ userId: row.id, blockedAt: new Date(), notifyRefunds: false });
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user });
    await startApp('/setting');
    await waitFor(() =>
      expect(screen.getByTestId('notify-switches').textContent).toContain(ja.notifySettings.blocked),
    );
    expect(switchOf('refunds').checked).toBe(false);
  });
});

describe('/setting and the first order: may the bot message a shopper who came by a direct link', () => {
  /** A shopper whose launch says the bot may not write to them (never started it). */
  function directLinkShopper(writeAccess?: 'allowed' | 'denied') {
    const user: TelegramTestUser = {
      id: nextTgId++,
      first_name: 'Ola',
      language_code: 'en',
      allows_write_to_pm: false,
    };
    return { user, client: fakeTelegram({ botToken: TEST_BOT_TOKEN, user, writeAccess }) };
  }
  const writeRow = () => screen.getByTestId('notify-write');

  it('says the bot may not write yet; "Allow" asks Telegram, and once allowed the row says so', async () => {
    const { user, client } = directLinkShopper('allowed');
    await startApp('/setting');
    await screen.findByTestId('notify-switches');
    expect(writeRow().textContent).toContain(en.notifySettings.cannotWrite);
    fireEvent.click(screen.getByTestId('notify-allow'));
    await waitFor(() => expect(writeRow().textContent).toContain(en.notifySettings.canWrite));
    expect(screen.queryByTestId('notify-allow')).toBeNull();
    expect(client.callsOf('web_app_request_write_access')).toHaveLength(1);
    expect((await chatOf(user.id)).mayWrite).toBe(true);
  });

  it('a shopper who says no keeps the offer, and nothing is recorded', async () => {
    const { user, client } = directLinkShopper('denied');
    await startApp('/setting');
    await screen.findByTestId('notify-switches');
    fireEvent.click(screen.getByTestId('notify-allow'));
    await waitFor(() => expect(client.callsOf('web_app_request_write_access')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('notify-allow').hasAttribute('disabled')).toBe(false));
    expect(writeRow().textContent).toContain(en.notifySettings.cannotWrite);
    expect((await chatOf(user.id)).mayWrite).toBe(false);
  });

  async function afterOrders(client: { callsOf(m: string): unknown[] }, times: number) {
    const { offerBotMessagesOnce } = await import('../../src/telegram/native');
    await startApp('/setting');
    await screen.findByTestId('notify-switches');
    for (let i = 0; i < times; i += 1) await act(() => offerBotMessagesOnce());
    return client.callsOf('web_app_request_write_access').length;
  }

  it('after paid orders the question comes once, and a "no" is remembered', async () => {
    const { user, client } = directLinkShopper('denied');
    expect(await afterOrders(client, 3)).toBe(1);
    expect((await chatOf(user.id)).mayWrite).toBe(false);
  });

  it('after a paid order a "yes" is told to the server, and not asked again', async () => {
    const { user, client } = directLinkShopper('allowed');
    expect(await afterOrders(client, 2)).toBe(1);
    expect((await chatOf(user.id)).mayWrite).toBe(true);
  });

  it('a shopper the bot may write to (they started it) is never asked', async () => {
    const user: TelegramTestUser = { id: nextTgId++, first_name: 'Pia', language_code: 'en' };
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user, writeAccess: 'allowed' });
    expect(await afterOrders(client, 2)).toBe(0);
  });
});
