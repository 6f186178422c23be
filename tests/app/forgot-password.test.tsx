import { fireEvent, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { passwordResetCodes, users } from '../../server/db/schema';
import { fakeBotApi } from '../server/support/fake-bot-api';
import { at, input, type } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';

/**
 * The forgotten password screen (/forgotPassword) against the real server: the account name, the
 * code the bot sends (read from the captured Bot API call), the new password twice, then login; an
 * account the bot cannot reach is pointed to customer service.
 */
const botApi = await fakeBotApi();
const server = useRealServer({ TELEGRAM_API_ROOT: botApi.url });
const db = () => server.api.database.db;
afterAll(() => botApi.close());

const submit = () => fireEvent.click(screen.getByTestId('main-action'));
const toastIs = (text: string) => waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(text));

let nextTg = 1;
async function linkedShopper(account: string) {
  const { id } = await server.api.register(account, 'old-pass-1');
  const telegramId = 6_300_000_000 + nextTg++;
  await db().update(users).set({ telegramId }).where(eq(users.id, id));
  return { id, telegramId };
}
const codeSentTo = (chatId: number) =>
  /\b(\d{6})\b/.exec(
    String(
      botApi.calls.filter((c) => c.method === 'sendMessage' && c.body.chat_id === chatId).at(-1)?.body.text,
    ),
  )?.[1];

async function askForCode(account: string) {
  await startApp('/forgotPassword');
  await screen.findByText(en.forgotByBot.intro);
  type('account', account);
  submit();
}

describe('/forgotPassword', () => {
  it('account, the code from the bot and a new password twice: then login with it', async () => {
    const ada = await linkedShopper('forgot_app_ada');
    await askForCode('forgot_app_ada');
    await waitFor(() => expect(input('code')).not.toBeNull());
    expect(screen.getByTestId('main-action').textContent).toContain(en.forgotByBot.reset);
    const code = codeSentTo(ada.telegramId);
    expect(code).toMatch(/^\d{6}$/);
    type('code', code!);
    type('password', 'brand-new-1');
    type('password_confirm', 'brand-new-1');
    submit();
    await at('/login');
    await toastIs(en.password.changedRelogin);
    const login = await server.api.endpoint('user.login', {
      body: { account: 'forgot_app_ada', password: 'brand-new-1' },
    });
    expect(login.code).toBe(1);
  });

  it('a wrong code shows how many tries are left; a mismatched repeat is caught before sending', async () => {
    const bob = await linkedShopper('forgot_app_bob');
    await askForCode('forgot_app_bob');
    await waitFor(() => expect(input('code')).not.toBeNull());
    const code = codeSentTo(bob.telegramId)!;
    type('code', code);
    type('password', 'brand-new-1');
    type('password_confirm', 'brand-new-2');
    submit();
    await toastIs(en.errors.passwordMismatch);
    const [row] = await db().select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, bob.id));
    expect(row.triesLeft).toBe(5);
    type('code', code === '000000' ? '000001' : '000000');
    type('password_confirm', 'brand-new-1');
    submit();
    await toastIs(en.bot.forgot.codeWrong.replace('{{left}}', '4'));
    expect(window.location.pathname).toBe('/forgotPassword');
  });

  it.each(['forgot_app_plain', 'forgot_app_nobody'])(
    'an account without Telegram, like a name nobody has, is pointed to customer service (%s)',
    async (name) => {
      if (name === 'forgot_app_plain') await server.api.register(name);
      const sent = botApi.calls.length;
      await askForCode(name);
      await screen.findByText(en.forgotByBot.serviceText);
      expect(input('code')).toBeNull();
      expect(botApi.calls.length).toBe(sent);
      // The link goes to /service, which asks a logged-out shopper to log in first (in the Mini
      // App: with Telegram, which needs no password).
      fireEvent.click(screen.getByText(en.forgotByBot.toService));
      await at('/login');
    },
  );
});
