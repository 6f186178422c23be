import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../common/paths';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { cartRows, telegramShopper, useSmallShop } from './support/shop-fixture';
import { startApp } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * What older Telegram clients get, each the way it was before the feature: without the QR scanner
 * (before Mini Apps 6.4) the wallet's fields are typed; without requestContact (before 6.9) the
 * address form's phone is typed; without the secondary button (before 7.10)
 * the product page keeps both actions in the page rather than one on Telegram's main button and one
 * in the page twice.
 */
const server = useRealServer();
const shop = useSmallShop(server);

describe('a Telegram client without the QR scanner (6.2)', () => {
  it('shows no scan button on the top-up and withdrawal fields, and never opens a scanner', async () => {
    const shopper = await telegramShopper(server.api);
    const client = fakeTelegram({
      botToken: TEST_BOT_TOKEN,
      user: shopper.user,
      version: '6.2',
      camera: ['TQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmx'],
    });
    await startApp(paths.walletTopUp.href());
    expect(await screen.findByTestId('from-address')).toBeTruthy();
    expect(screen.getByTestId('tx-hash')).toBeTruthy();
    expect(screen.queryByTestId('scan-from-address')).toBeNull();
    expect(screen.queryByTestId('scan-tx-hash')).toBeNull();
    expect(client.callsOf('web_app_open_scan_qr_popup')).toEqual([]);
  });

  it('the address form offers no Telegram phone number (6.9) or location (8.0): both are typed', async () => {
    const shopper = await telegramShopper(server.api);
    const client = fakeTelegram({
      botToken: TEST_BOT_TOKEN,
      user: shopper.user,
      version: '6.2',
      phone: 'shared',
    });
    await startApp(paths.addressForm.href());
    expect(await screen.findByTestId('address-default')).toBeTruthy();
    expect(screen.queryByTestId('telegram-phone')).toBeNull();
    expect(client.callsOf('web_app_request_phone')).toEqual([]);
    // Nor the location (8.0).
    expect(screen.queryByTestId('telegram-location')).toBeNull();
  });
});

describe('the product page in a Telegram client without the secondary button', () => {
  it('shows "Add to bag" and "Buy now" in the page, and sets up no Telegram button for them', async () => {
    const shopper = await telegramShopper(server.api);
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user, version: '7.7' });
    await startApp(paths.detail.href(shop.lamp));
    fireEvent.click(await screen.findByTestId('detail-add'));
    await waitFor(async () =>
      expect((await cartRows(server.api, shopper.id)).map((r) => r.productId)).toEqual([shop.lamp]),
    );
    expect(screen.getByTestId('detail-buy')).toBeTruthy();
    expect(client.callsOf('web_app_setup_secondary_button')).toEqual([]);
    expect(client.callsOf('web_app_setup_main_button').filter((p) => p?.is_visible)).toEqual([]);
  });
});
