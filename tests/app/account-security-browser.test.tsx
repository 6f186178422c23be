import { fireEvent, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { sessions, users } from '../../server/db/schema';
import { at, type } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The account's security screens in a plain browser against the real server: a FIRST payment
 * password is proven by the login password; "log out everywhere" on /security ends every session,
 * then goes to login like a logout.
 */
const server = useRealServer();

async function userRow(account: string) {
  const [row] = await server.api.database.db.select().from(users).where(eq(users.account, account));
  return row;
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('in a plain browser a first payment password asks for the login password', () => {
  it('refused without it or with a wrong one; saved with the right one', async () => {
    const { token } = await server.api.register('browser_pay_first');
    await storeToken(token);
    await startApp('/changePayPwd');
    expect((await screen.findByTestId('first-proof-hint')).textContent).toBe(en.auth.confirmWithPassword);
    type('newpassword', '135790');
    type('confirm', '135790');
    const save = screen.getByTestId('main-action');
    expect(save.hasAttribute('disabled')).toBe(true);

    type('password', 'not-my-password');
    fireEvent.click(save);
    await waitFor(async () =>
      expect((await screen.findByTestId('toast')).textContent).toBe(en.auth.loginPasswordWrong),
    );
    expect((await userRow('browser_pay_first')).payPasswordHash).toBeNull();

    type('password', 'secret123');
    await new Promise((r) => setTimeout(r, 1100)); // past the duplicate-submit window
    fireEvent.click(screen.getByTestId('main-action'));
    await at('/security');
    expect((await userRow('browser_pay_first')).payPasswordHash).toMatch(/^hmac\$v1\$/);
  });
});

describe('/security: log out everywhere', () => {
  it('asks first; confirmed, every session of the shopper ends and the app goes to login', async () => {
    const { token, id } = await server.api.register('browser_everywhere');
    const other = await server.api.endpoint<{ userinfo: { token: string } }>('user.login', {
      body: { account: 'browser_everywhere', password: 'secret123' },
      ip: '198.51.100.200',
    });
    await storeToken(token);
    await startApp('/security');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);

    fireEvent.click(await screen.findByTestId('logout-all'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(en.auth.logoutAllConfirm);
    expect(window.location.pathname).toBe('/security');
    const live = await server.api.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(live).toHaveLength(2);

    fireEvent.click(screen.getByTestId('logout-all'));
    await at('/login');
    expect(await server.api.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(
      0,
    );
    const elsewhere = await server.api.endpoint('user.getUserInfo', {
      token: other.data.userinfo.token,
    });
    expect(elsewhere.code).toBe(401);
    expect(document.cookie).not.toContain('token=');
  });
});

describe('/security: the password hub', () => {
  it('lists an entry to /passwords, and it opens the hub', async () => {
    const { token } = await server.api.register('browser_hub');
    await storeToken(token);
    await startApp('/security');
    const entry = await screen.findByTestId('security-passwords');
    expect(entry.textContent).toContain(en.security.passwords);
    fireEvent.click(entry);
    await at('/passwords');
  });
});
