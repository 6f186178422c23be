import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/money';
import type { ShareCardAnswer } from '../../common/schemas/catalog-answers';
import { translate } from '../../server/lib/i18n';
import { SHARE_CARD_RATE } from '../../server/modules/catalog/share-card';
import { expectRefused } from '../support/refusal';
import { fakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { makeProduct, makeShop } from './support/orders-fixture';
import { shopper, walletShop, type Shopper, type WalletShop } from './wallet-fixture';

/**
 * "Share" on a product inside Telegram (POST /api/product/share_card): the server prepares the
 * product's card for the shopper (Bot API savePreparedInlineMessage) and answers its id for the Mini
 * App's shareMessage. The card: the picture large above the name and price, a button into the Mini
 * App at the product.
 */
const ADA_TG = 7_200_000_001;
const PUBLIC_URL = 'https://shop.example';

let api: FakeBotApi;
let shop: WalletShop;
let bare: WalletShop;
let ada: Shopper;
let phone: number;
let tricky: number;
beforeAll(async () => {
  api = await fakeBotApi();
  shop = await walletShop({
    TELEGRAM_API_ROOT: api.url,
    BOT_USERNAME: 'shop_cards_bot',
    MINI_APP_NAME: 'shop',
    PUBLIC_URL,
  });
  // No Mini App link: no card can open the shop.
  bare = await walletShop({ TELEGRAM_API_ROOT: api.url });
  ada = await shopper(shop.t, 'ada_share', { telegramId: ADA_TG, payPassword: false });
  const shopId = await makeShop(shop.t.database.db, 'Card Shop');
  phone = (await makeProduct(shop.t.database.db, shopId, { title: 'Pocket Phone', price: 129_900 })).id;
  tricky = (await makeProduct(shop.t.database.db, shopId, { title: 'Tom & <Jerry>', price: 500 })).id;
});
afterAll(async () => {
  await shop.close();
  await bare.close();
  await api.close();
});

const shareCard = (s: WalletShop, token: string | undefined, productId: unknown, lang = 'en-US') =>
  s.t.endpoint<ShareCardAnswer>('catalog.shareCard', {
    token,
    body: { product_id: productId },
    lang,
  });

describe('POST /api/product/share_card', () => {
  it("prepares the product's card for the shopper's Telegram account, in the shopper's language", async () => {
    api.calls.length = 0;
    const res = await shareCard(shop, ada.token, phone, 'de-DE');
    expect(res).toMatchObject({
      code: 1,
      data: { preparedId: expect.stringMatching(/^fake-prepared-\d+$/) },
    });
    expect(api.calls.map((c) => c.method)).toEqual(['savePreparedInlineMessage']);
    const { body } = api.calls[0];
    expect(body).toMatchObject({
      user_id: ADA_TG,
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    const price = formatMoney('1299.00', 'de-DE');
    expect(body.result).toEqual({
      type: 'article',
      id: `product-${phone}`,
      title: 'Pocket Phone',
      description: price,
      thumbnail_url: `${PUBLIC_URL}/uploads/p/1.webp`,
      input_message_content: {
        message_text: `<b>Pocket Phone</b>\n${price}`,
        parse_mode: 'HTML',
        link_preview_options: {
          url: `${PUBLIC_URL}/uploads/p/1.webp`,
          prefer_large_media: true,
          show_above_text: true,
        },
      },
      reply_markup: {
        inline_keyboard: [
          [
            {
              text: translate('de-DE', 'bot.view'),
              url: `https://t.me/shop_cards_bot/shop?startapp=product-${phone}`,
            },
          ],
        ],
      },
    });
  });

  it('writes a name with HTML characters as text, never as markup', async () => {
    api.calls.length = 0;
    expect((await shareCard(shop, ada.token, tricky)).code).toBe(1);
    const result = api.calls[0].body.result as { input_message_content: { message_text: string } };
    expect(result.input_message_content.message_text).toBe(
      `<b>Tom &amp; &lt;Jerry&gt;</b>\n${formatMoney('5.00', 'en-US')}`,
    );
  });

  it('a shopper without a Telegram account is told to open the shop in Telegram; Telegram is not asked', async () => {
    const bob = await shopper(shop.t, 'bob_share', { payPassword: false });
    api.calls.length = 0;
    expectRefused(
      await shareCard(shop, bob.token, phone, 'ru-RU'),
      'errors.shareCardNeedsTelegram',
      {},
      'ru-RU',
    );
    expect(api.calls).toEqual([]);
  });

  it('a product that does not exist looks absent', async () => {
    api.calls.length = 0;
    for (const id of [999_999, 'abc', -1]) {
      const res = await shareCard(shop, ada.token, id);
      expect(res).toMatchObject({ code: 0, error: 'errors.productNotFound' });
    }
    expect(api.calls).toEqual([]);
  });

  it('Telegram refusing or unreachable: "unavailable" (the app shares the link instead)', async () => {
    api.failing = true;
    try {
      expectRefused(
        await shareCard(shop, ada.token, phone, 'ja-JP'),
        'errors.shareCardUnavailable',
        {},
        'ja-JP',
      );
    } finally {
      api.failing = false;
    }
  });

  it('a shop without its Mini App link makes no cards and never asks Telegram', async () => {
    const eve = await shopper(bare.t, 'eve_share', { telegramId: ADA_TG + 1, payPassword: false });
    const shopId = await makeShop(bare.t.database.db, 'Bare Shop');
    const product = await makeProduct(bare.t.database.db, shopId);
    api.calls.length = 0;
    const res = await shareCard(bare, eve.token, product.id);
    expect(res).toMatchObject({ code: 0, error: 'errors.shareCardUnavailable' });
    expect(api.calls).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await shareCard(shop, undefined, phone);
    expect(res).toMatchObject({ code: 401 });
  });

  it('prepares thirty cards a shopper in ten minutes, then says to slow down and asks Telegram nothing', async () => {
    const cy = await shopper(shop.t, 'cy_share', { telegramId: ADA_TG + 2, payPassword: false });
    for (let i = 0; i < SHARE_CARD_RATE.perWindow; i++)
      expect((await shareCard(shop, cy.token, phone)).code).toBe(1);
    api.calls.length = 0;
    const res = await shareCard(shop, cy.token, phone, 'de-DE');
    expect(res).toMatchObject({
      status: 429,
      error: 'errors.tooManyRequests',
      msg: translate('de-DE', 'errors.tooManyRequests'),
    });
    expect(api.calls).toEqual([]);
    // Another shopper is not held back.
    expect((await shareCard(shop, ada.token, phone)).code).toBe(1);
  });
});
