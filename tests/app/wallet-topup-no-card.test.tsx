import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { TEST_BOT_TOKEN } from '../support/app';
import { takeBankTransfers } from '../server/wallet-fixture';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * A shop without a payment provider (no PAYMENT_PROVIDER_TOKEN): the card way says "temporarily
 * unavailable" on /topUp and on /cardTopUp, even inside Telegram.
 */
const server = useRealServer();
beforeAll(() => takeBankTransfers(server.api.database.db));

describe('the card way without a payment provider', () => {
  it('/topUp marks it temporarily unavailable and does not open it', async () => {
    const { token } = await server.api.register('nocard_ways');
    await storeToken(token);
    await startApp('/topUp');
    const card = await screen.findByTestId('way-card');
    expect(screen.getByTestId('card-unavailable').textContent).toBe(en.topUp.ways.card.unavailable);
    fireEvent.click(card);
    expect(window.location.pathname).toBe('/topUp');
    // The other ways stay open.
    expect(screen.getByTestId('way-manual').getAttribute('aria-disabled')).toBeNull();
  });

  it('/cardTopUp says so inside Telegram too', async () => {
    fakeTelegram({
      botToken: TEST_BOT_TOKEN,
      user: { id: 7_300_000_001, first_name: 'Nia', language_code: 'en' },
    });
    await startApp('/cardTopUp');
    await waitFor(() =>
      expect(screen.getByTestId('card-unavailable').textContent).toContain(en.topUp.card.unavailable),
    );
  });
});
