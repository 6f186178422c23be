import { fireEvent, screen, waitFor } from '@testing-library/react';
import { subscribe } from 'valtio';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/** Logging out on purpose says so, and never "Please log in first" on the way. */
const server = useRealServer();

/** Every toast message shown from now on. */
async function recordToasts(): Promise<string[]> {
  const { toastState } = await import('../../src/components/toast-store');
  const seen: string[] = [];
  subscribe(toastState, () => {
    if (toastState.visible && seen.at(-1) !== toastState.message) seen.push(toastState.message);
  });
  return seen;
}

describe('logout', () => {
  it('a deliberate logout lands on /login with "logged out", without the login-first message', async () => {
    const { token } = await server.api.register('logout_quiet');
    await storeToken(token);
    const toasts = await recordToasts();
    await startApp('/setting');
    window.confirm = () => true;
    fireEvent.click(await screen.findByTestId('logout'));
    await at('/login');
    await waitFor(() => expect(toasts).toContain(en.auth.loggedOut));
    expect(toasts).not.toContain(en.auth.loginFirst);
  });

  it('a visitor without a session still hears "Please log in first"', async () => {
    const toasts = await recordToasts();
    await startApp('/setting');
    await at('/login');
    await waitFor(() => expect(toasts).toContain(en.auth.loginFirst));
  });
});
