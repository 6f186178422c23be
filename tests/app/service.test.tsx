import { fireEvent, screen, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import type { ServiceListAnswer } from '../../common/schemas/service';
import { users } from '../../server/db/schema';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * Customer service in the Mini App against the real server: sending, an answer arriving
 * without a reload (the screen polls), the unread marker and operators-only screens.
 */
const OPERATOR_TG = 555_000_222;
const server = useRealServer({ OPERATOR_IDS: [OPERATOR_TG] });

async function loggedIn(account: string) {
  const user = await server.api.register(account);
  await storeToken(user.token);
  return user;
}

async function operator() {
  const op = await server.api.register('app_operator');
  await server.api.database.db.update(users).set({ telegramId: OPERATOR_TG }).where(eq(users.id, op.id));
  return op;
}

const reply = (token: string, userId: number, text: string) =>
  server.api.app.inject({
    method: 'POST',
    url: '/api/user/service_reply',
    headers: { token, 'idempotency-key': `reply-${userId}-${text.length}-${Date.now()}` },
    payload: { user_id: userId, text },
  });

describe('/service', () => {
  it('sends a message, and the shop’s answer appears without reloading, after an unread marker', async () => {
    const me = await loggedIn('service_app_shopper');
    const op = await operator();
    await startApp('/service');
    expect(await screen.findByText(en.service.intro)).toBeTruthy();

    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Where is my parcel?' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));
    expect(screen.getByTestId('chat-message').textContent).toContain('Where is my parcel?');
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
    const stored = await server.api.endpoint<ServiceListAnswer>('service.list', {
      token: me.token,
    });
    expect(stored.data.list.map((m) => m.text)).toEqual(['Where is my parcel?']);
    expect(screen.queryByTestId('unread-marker')).toBeNull();

    expect((await reply(op.token, me.id, 'It ships tomorrow.')).json().code).toBe(1);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2), { timeout: 10_000 });
    const answer = screen.getAllByTestId('chat-message')[1];
    expect(answer.dataset.author).toBe('operator');
    expect(answer.textContent).toContain('It ships tomorrow.');
    // The marker sits right before the first answer that came in unread.
    expect(screen.getByTestId('unread-marker').nextElementSibling).toBe(answer);
    // Shown, so read: the server's unread count drops to 0.
    await waitFor(async () => {
      const now = await server.api.endpoint<ServiceListAnswer>('service.list', {
        token: me.token,
      });
      expect(now.data.unread).toBe(0);
    });
  }, 30_000);
});

describe('/services', () => {
  it('a shopper who is no operator is told the screen is not theirs', async () => {
    await loggedIn('service_app_stranger');
    await startApp('/services');
    expect(await screen.findByText(en.service.adminOnly)).toBeTruthy();
    expect(screen.queryByTestId('service-thread')).toBeNull();
    // No retry that would only fail again.
    expect(screen.queryByRole('button', { name: en.common.retry })).toBeNull();
  });

  it("/serviceadmin (one shopper's conversation) says the same to a shopper, with no retry", async () => {
    const me = await loggedIn('service_app_stranger2');
    await startApp(`/serviceadmin?user=${me.id}`);
    expect((await screen.findByTestId('service-refused')).textContent).toContain(en.service.adminOnly);
    expect(screen.queryByRole('button', { name: en.common.retry })).toBeNull();
    expect(screen.queryByTestId('chat-list')).toBeNull();
  });
});
