import { act, waitFor } from '@testing-library/react';
import { emitEvent } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../locales/de-DE.json';
import { TEST_BOT_TOKEN } from '../support/app';
import { makeProduct, makeShop, placeOrder, type TestProduct } from '../server/support/orders-fixture';
import { useRealServer } from './support/server';
import { fakeTelegram, type FakeTelegram, type FakeTelegramOptions } from './support/telegram-client';

/**
 * The home screen's icon (Mini Apps 8.0) is offered once, on the second launch on which the shopper
 * has an order, after Telegram said it is not there yet. Each launch is a fresh start of the app's
 * modules in the mocked client, with the CloudStorage the earlier launch left.
 */
const server = useRealServer();
const db = () => server.api.database.db;
let shopId: number;
let product: TestProduct;
let nextShopper = 0;

beforeAll(async () => {
  shopId = await makeShop(db(), 'Icon Shop');
  product = await makeProduct(db(), shopId, { title: 'Teapot', price: 1500, stock: 100 });
});

/** A signed-in shopper, with `orders` orders placed. */
async function shopper(orders: number) {
  const { token, id } = await server.api.register(`icon_${++nextShopper}`);
  for (let i = 0; i < orders; i += 1) await placeOrder(db(), id, shopId, [{ productId: product.id, num: 1 }]);
  return token;
}

/** One launch of the app by `token`'s shopper: start-up, then the offer as the app frame makes it. */
async function launch(token: string, cloud: Map<string, string>, options: FakeTelegramOptions = {}) {
  vi.resetModules();
  const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, cloud: Object.fromEntries(cloud), ...options });
  const { initTelegram } = await import('../../src/telegram/init');
  const { setStored } = await import('../../src/telegram/storage');
  const { restoreSession } = await import('../../src/stores/session');
  const { initI18n } = await import('../../src/i18n');
  await initTelegram();
  if (!client.cloud.has('token')) await setStored('token', token);
  await initI18n(await restoreSession());
  const { offerHomeScreenOnce } = await import('../../src/telegram/home-screen');
  return { client, offer: offerHomeScreenOnce() };
}

const checks = (client: FakeTelegram) => client.callsOf('web_app_check_home_screen').length;

describe('the home screen’s icon, offered once to a shopper who came back', () => {
  it('the second launch with an order asks Telegram, offers it in the shopper’s language, and adds it; never again after', async () => {
    const token = await shopper(1);
    const cloud = new Map<string, string>();

    const first = await launch(token, cloud, { homeScreen: 'missed' });
    await first.offer;
    expect(checks(first.client)).toBe(0);
    expect(first.client.callsOf('web_app_open_popup')).toHaveLength(0);

    const second = await launch(token, first.client.cloud, {
      homeScreen: 'missed',
      user: { id: 7_500_000_001, first_name: 'Lena', language_code: 'de' },
    });
    await waitFor(() => expect(second.client.callsOf('web_app_open_popup')).toHaveLength(1));
    expect(checks(second.client)).toBe(1);
    const popup = second.client.callsOf('web_app_open_popup')[0] as {
      title: string;
      message: string;
      buttons: { id: string; text?: string }[];
    };
    expect(popup.title).toBe(de.homeScreen.title);
    expect(popup.message).toBe(de.homeScreen.message);
    expect(popup.buttons.find((b) => b.id === 'add')?.text).toBe(de.homeScreen.add);
    await act(async () => emitEvent('popup_closed', { button_id: 'add' }));
    await second.offer;
    expect(second.client.callsOf('web_app_add_to_home_screen')).toHaveLength(1);

    const third = await launch(token, second.client.cloud, { homeScreen: 'missed' });
    await third.offer;
    expect(checks(third.client)).toBe(0);
    expect(third.client.callsOf('web_app_open_popup')).toHaveLength(0);
  });

  it('“not now” is an answer too: the offer is not made again', async () => {
    const token = await shopper(1);
    const first = await launch(token, new Map(), { homeScreen: 'missed' });
    await first.offer;
    const second = await launch(token, first.client.cloud, { homeScreen: 'missed' });
    await waitFor(() => expect(second.client.callsOf('web_app_open_popup')).toHaveLength(1));
    await act(async () => emitEvent('popup_closed', { button_id: 'later' }));
    await second.offer;
    expect(second.client.callsOf('web_app_add_to_home_screen')).toHaveLength(0);
    const third = await launch(token, second.client.cloud, { homeScreen: 'missed' });
    await third.offer;
    expect(third.client.callsOf('web_app_open_popup')).toHaveLength(0);
  });

  it('launches without an order do not count, and an icon already there is not offered', async () => {
    const token = await shopper(0);
    let cloud = new Map<string, string>();
    for (let i = 0; i < 3; i += 1) {
      const { client, offer } = await launch(token, cloud, { homeScreen: 'missed' });
      await offer;
      expect(checks(client)).toBe(0);
      cloud = client.cloud;
    }
    const buyer = await shopper(2);
    const first = await launch(buyer, new Map(), { homeScreen: 'added' });
    await first.offer;
    const second = await launch(buyer, first.client.cloud, { homeScreen: 'added' });
    await second.offer;
    expect(checks(second.client)).toBe(1);
    expect(second.client.callsOf('web_app_open_popup')).toHaveLength(0);
    const third = await launch(buyer, second.client.cloud, { homeScreen: 'missed' });
    await third.offer;
    expect(checks(third.client)).toBe(0);
  });

  it('a phone that cannot have the icon is asked once, not on every launch', async () => {
    const token = await shopper(1);
    const first = await launch(token, new Map(), { homeScreen: 'unsupported' });
    await first.offer;
    const second = await launch(token, first.client.cloud, { homeScreen: 'unsupported' });
    await second.offer;
    expect(checks(second.client)).toBe(1);
    const third = await launch(token, second.client.cloud, { homeScreen: 'unsupported' });
    await third.offer;
    expect(checks(third.client)).toBe(0);
    expect(third.client.callsOf('web_app_open_popup')).toHaveLength(0);
  });

  it('a client older than 8.0 is never asked', async () => {
    const token = await shopper(1);
    const first = await launch(token, new Map(), { version: '7.10', homeScreen: 'missed' });
    await first.offer;
    const second = await launch(token, first.client.cloud, { version: '7.10', homeScreen: 'missed' });
    await second.offer;
    expect(checks(second.client)).toBe(0);
    expect(second.client.callsOf('web_app_open_popup')).toHaveLength(0);
  });
});
