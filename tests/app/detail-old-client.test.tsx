import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../common/paths';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { cartRows, smallShop, telegramShopper, type SmallShop } from './support/shop-fixture';
import { startApp } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * A Telegram client older than Mini Apps 7.10 has no secondary button: the product page keeps both
 * actions in the page rather than one on Telegram's main button and one in the page twice. A file of
 * its own: the SDK keeps what it mounted for the whole page.
 */
const server = useRealServer();
let shop: SmallShop;
beforeAll(async () => {
  shop = await smallShop(server.api);
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
