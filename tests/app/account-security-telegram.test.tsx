import { act, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de-DE.json';
import { users } from '../../server/db/schema';
import { TEST_BOT_TOKEN } from '../support/app';
import type { TelegramTestUser } from '../support/telegram';
import { at, type } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * The account's security screens inside a (mocked) Telegram client against the real server: a
 * FIRST login or payment password is proven by Telegram's signed launch data.
 */
const server = useRealServer();

async function telegramRow(tgId: number) {
  const [row] = await server.api.database.db.select().from(users).where(eq(users.telegramId, tgId));
  return row;
}

let nextTgId = 7_100_000_000;
const tgUser = (): TelegramTestUser => ({ id: nextTgId++, first_name: 'Tia', language_code: 'de' });

describe('in Telegram a first password is proven by the launch data', () => {
  it('a Telegram-made shopper sets a first payment password with the main button', async () => {
    const user = tgUser();
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user });
    await startApp('/changePayPwd');
    expect((await screen.findByTestId('first-proof-hint')).textContent).toBe(de.auth.confirmedByTelegram);
    expect(document.querySelector('input[name="password"]')).toBeNull();
    type('newpassword', '246810');
    type('confirm', '246810');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    await act(async () => sdk.emitEvent('main_button_pressed'));
    await at('/security');
    expect((await telegramRow(user.id)).payPasswordHash).toMatch(/^hmac\$v1\$/);
  });

  it('a Telegram-made shopper sets a first login password and logs in again', async () => {
    const user = tgUser();
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user });
    await startApp('/changePassword');
    await screen.findByText(de.password.firstLogin);
    expect(document.querySelector('input[name="oldpassword"]')).toBeNull();
    type('newpassword', 'first-pass-1');
    type('confirm', 'first-pass-1');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    await act(async () => sdk.emitEvent('main_button_pressed'));
    await waitFor(async () => expect((await telegramRow(user.id)).passwordHash).toMatch(/^scrypt\$/));
  });
});
