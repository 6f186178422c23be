import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { paths } from '../../common/paths';
import { TEST_BOT_TOKEN } from '../support/app';
import { fakeBotApi } from '../server/support/fake-bot-api';
import { useRealServer } from './support/server';
import { telegramShopper, useSmallShop } from './support/shop-fixture';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegramOptions } from './support/telegram-client';

/**
 * "Share" on a product inside Telegram: on clients with prepared messages (Mini Apps 8.0) the server
 * prepares the product's card and Telegram's chooser sends it (shareMessage); where no card can be
 * made (an older client, Telegram unreachable) the plain link is shared as before (shareURL).
 */
const botApi = await fakeBotApi();
const server = useRealServer({
  TELEGRAM_API_ROOT: botApi.url,
  BOT_USERNAME: 'shop_cards_bot',
  MINI_APP_NAME: 'shop',
});
const shop = useSmallShop(server);
afterAll(() => botApi.close());
afterEach(() => {
  botApi.failing = false;
});

async function openLamp(options: Omit<FakeTelegramOptions, 'botToken' | 'user'> = {}) {
  const shopper = await telegramShopper(server.api);
  const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user, ...options });
  await startApp(paths.detail.href(shop.lamp));
  await screen.findByTestId('detail-num-value');
  return { client, shopper };
}

const prepared = () => botApi.calls.filter((c) => c.method === 'savePreparedInlineMessage');
/** The links shared through Telegram's chooser (shareURL opens t.me/share/url). */
const sharedLinks = (client: ReturnType<typeof fakeTelegram>) =>
  client
    .callsOf('web_app_open_tg_link')
    .map((p) => String(p?.path_full))
    .filter((p) => p.startsWith('/share/url'));

describe('sharing a product inside Telegram', () => {
  it('sends the card the server prepared for this shopper, and says so', async () => {
    const before = prepared().length;
    const { client, shopper } = await openLamp({ preparedMessage: () => 'sent' });
    fireEvent.click(screen.getByTestId('detail-share'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(en.product.shareSent));
    const made = prepared().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0].body).toMatchObject({ user_id: shopper.user.id, result: { title: 'Desk Lamp' } });
    const sent = client.callsOf('web_app_send_prepared_message');
    expect(sent).toEqual([{ id: expect.stringMatching(/^fake-prepared-\d+$/) }]);
    expect(sharedLinks(client)).toEqual([]);
    // The card's button opens this product in the Mini App.
    expect(JSON.stringify(made[0].body.result)).toContain(
      `https://t.me/shop_cards_bot/shop?startapp=product-${shop.lamp}`,
    );
  });

  it('closing the chooser shares nothing else and says nothing', async () => {
    const { client } = await openLamp({ preparedMessage: () => 'USER_DECLINED' });
    fireEvent.click(screen.getByTestId('detail-share'));
    await waitFor(() => expect(client.callsOf('web_app_send_prepared_message')).toHaveLength(1));
    // The refusal arrives as an event; give the page its turn to answer it.
    await new Promise((r) => setTimeout(r, 50));
    expect(sharedLinks(client)).toEqual([]);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('the server unable to make a card (Telegram unreachable): the link is shared instead', async () => {
    botApi.failing = true;
    const { client } = await openLamp({ preparedMessage: () => 'sent' });
    fireEvent.click(screen.getByTestId('detail-share'));
    await waitFor(() => expect(sharedLinks(client)).toHaveLength(1));
    expect(client.callsOf('web_app_send_prepared_message')).toEqual([]);
    expect(decodeURIComponent(sharedLinks(client)[0])).toContain(
      `https://t.me/shop_cards_bot/shop?startapp=product-${shop.lamp}`,
    );
    // No error toast: the shopper still shares, only without the card.
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('a client before 8.0 shares the link and never asks the server for a card', async () => {
    const before = prepared().length;
    const { client } = await openLamp({ version: '7.10' });
    fireEvent.click(screen.getByTestId('detail-share'));
    await waitFor(() => expect(sharedLinks(client)).toHaveLength(1));
    expect(prepared().length).toBe(before);
    expect(client.callsOf('web_app_send_prepared_message')).toEqual([]);
  });
});
