import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { formatMoney } from '../../common/money';
import { ORDER_STATUS } from '../../common/order-status';
import { paths } from '../../common/paths';
import { releaseChromium, workerChromium, screenshot, textContrast } from './support/browser';
import { startFakeBotApi, type BotApiCall, type FakeBotApi } from './support/fake-bot-api';
import {
  callShop,
  plainProducts,
  cutTextsOnScreen as cutTexts,
  type Product,
  journeyShoppers,
  setFirstPayPassword,
} from './support/journey';
import { admin } from './support/operator';
import { screenNow } from './support/screen-checks';
import { startShop, type RunningShop } from './support/shop';
import { locale, waitForPath } from './support/shop-api';
import { pressMain, pressSecondary, sessionToken, TG_USER, type ThemeName } from './support/telegram';

/**
 * A journey through the operator's desk in Chromium against `npm start`, inside the mocked
 * Telegram client, in light English and dark German: a Telegram shopper, credited by the operator's command
 * line, buys and pays an order in the Mini App; the desk posts it to the operators' chat with a ship
 * button; a stranger's press is refused with an alert; an operator presses ship and answers the
 * desk's force-reply prompt with carrier and tracking number; the post is edited to say who shipped;
 * the outbox sends the shopper a Telegram message whose web_app button opens the order screen, which
 * shows it shipped with the carrier and the number. Telegram is the fake Bot API: the shop runs with
 * a public https address, so the bot sets a webhook and the fake delivers the updates to it (the
 * address leads to the shop on this machine, as a tunnel would). Screenshots:
 * test-results/screenshots/desk-*.png.
 */
interface Message {
  message_id: number;
  chat: { id: number };
  text?: string;
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string; web_app?: { url: string } }[][] };
}

const PUBLIC_URL = 'https://shop-e2e.example';
const OPERATORS_CHAT = -1001234567890;
const OPERATOR = { id: 700001, is_bot: false, first_name: 'Olga', username: 'olga_ops', language_code: 'en' };
const STRANGER = { id: 700099, is_bot: false, first_name: 'Sam', language_code: 'en' };
const PAY_PASSWORD = '246810';

let bot: FakeBotApi;
let shop: RunningShop;
let browser: Browser;
let product: Product;

const server = <T>(path: string, opts: { token?: string; body?: unknown; lang?: string } = {}) =>
  callShop<T>(shop.url, path, { ...opts, lang: opts.lang ?? 'en-US' });

beforeAll(async () => {
  browser = await workerChromium();
  bot = await startFakeBotApi();
  shop = await startShop({
    telegramApiRoot: bot.url,
    settings: {
      PUBLIC_URL,
      OPERATOR_CHAT_ID: String(OPERATORS_CHAT),
      OPERATOR_IDS: `${OPERATOR.id},700002`,
    },
  });
  // The public address leads to the shop; the bot takes Telegram's updates there.
  bot.routeWebhook(shop.url);
  const hook = await bot.waitFor('setWebhook');
  expect(hook.params.url).toBe(`${PUBLIC_URL}/telegram/webhook`);
  expect(bot.calls.some((c) => c.method === 'getUpdates')).toBe(false);
  [product] = await plainProducts(shop.url, 1);
  if (!product) throw new Error('the demo catalogue has no cheap plain product');
});

afterAll(async () => {
  await releaseChromium(browser);
  await shop?.stop();
  await bot?.close();
});

const sentTo = (chatId: number, after: number) => (c: BotApiCall) =>
  c.params.chat_id === chatId && c.at >= after;
const messageOf = (call: BotApiCall) => call.result as Message;
const now = () => Math.floor(Date.now() / 1000);

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['dark', 'de-DE']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 1200);

describe.each(VARIANTS)('the operator ships from the desk (%s, %s)', (theme, lang) => {
  const text = locale(lang);
  const desk = locale('en-US').desk;
  const name = `desk-order-${theme}${lang === 'de-DE' ? '-de' : ''}`;

  it('paid order → desk post → a stranger refused → ship with tracking → notification → order screen', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      // A shopper with money, a payment password and an address.
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(formatMoney('0.00', lang));
      const token = await sessionToken(page);
      await admin(shop, ['credit', `tg:${user.id}`, '100', '--reason', 'e2e desk']);
      await page.goto(tg.launchUrl(paths.changePayPwd.href()));
      await setFirstPayPassword(page, text, PAY_PASSWORD);
      await server('/api/user/address_add', {
        token,
        body: {
          addressee: lang === 'de-DE' ? 'Jürgen Schönberger' : 'Anna Telegram',
          mobile: lang === 'de-DE' ? '+49 30 1234567' : '+1 555 0100 200',
          country: lang === 'de-DE' ? 'DE' : 'US',
          region: lang === 'de-DE' ? 'DE-BE' : 'US-NY',
          detail: lang === 'de-DE' ? 'Unter den Linden 77, 10117 Berlin' : '350 Fifth Avenue, New York',
          tag: 'home',
          is_default: true,
        },
      });

      // Buys one product and pays it in the Mini App.
      await page.goto(tg.launchUrl(paths.detail.href(product.id)));
      await pressSecondary(page, text.cart.addToBag);
      await expect.poll(() => page.getByTestId('detail-bag-count').getAttribute('data-value')).toBe('1');
      await page.getByTestId('detail-bag').click();
      await waitForPath(page, paths.bag.href());
      await pressMain(page, text.cart.checkout.replace('{{count}}', '1'));
      await waitForPath(page, paths.checkout.href());
      await expect.poll(() => page.getByTestId('checkout-group').count()).toBe(1);
      const paidAt = Date.now();
      await pressMain(page, text.checkoutPage.submit);
      await waitForPath(page, paths.payment.pattern);
      const pad = page.getByTestId('pay-pad');
      await pad.waitFor();
      for (const digit of PAY_PASSWORD) await pad.getByRole('button', { name: digit, exact: true }).click();
      await page.getByTestId('pay-success').waitFor();
      const paid = await server<{ list: { id: number; orderSn: string }[] }>(
        `/api/user/order_list?status=${ORDER_STATUS.waitingDelivery}`,
        { token },
      );
      expect(paid.list).toHaveLength(1);
      const order = paid.list[0];
      // The shopper hears of the payment first (the outbox sends in the background, so on a busy
      // machine it may still be on its way when the operator ships: the shipping notice below is the
      // next message after this one, not after the reply).
      const paidNotice = await bot.waitFor(
        'sendMessage',
        (c) => c.params.chat_id === user.id && c.at >= paidAt,
      );
      expect(paidNotice.params.text).toBe(
        text.notify.order[ORDER_STATUS.waitingDelivery].replace('{{sn}}', order.orderSn),
      );

      // The desk posts it to the operators' chat with a ship button.
      const postCall = await bot.waitFor(
        'sendMessage',
        (c) => sentTo(OPERATORS_CHAT, paidAt)(c) && String(c.params.text).includes(`(#${order.id})`),
      );
      const post = messageOf(postCall);
      expect(post.text).toContain(
        desk.post.order.replace('{{sn}}', order.orderSn).replace('{{id}}', String(order.id)),
      );
      const bought = await server<{ product: { title: string } }>(
        `/api/product/detail?product_id=${product.id}`,
        {
          lang,
        },
      );
      expect(post.text).toContain(`• ${bought.product.title} × 1`);
      const shipButton = post.reply_markup?.inline_keyboard.flat().find((b) => b.text === desk.button.ship);
      expect(shipButton?.callback_data).toBeTruthy();
      const press = (id: string, from: typeof OPERATOR | typeof STRANGER) =>
        bot.pushUpdate({
          callback_query: {
            id,
            from,
            chat_instance: 'desk-chat',
            data: shipButton?.callback_data,
            message: {
              ...post,
              date: now(),
              chat: { id: OPERATORS_CHAT, type: 'supergroup', title: 'Operators' },
            },
          },
        });

      // A stranger in the chat presses it: an alert, and nothing changes.
      press(`cq-stranger-${user.id}`, STRANGER);
      const refused = await bot.waitFor(
        'answerCallbackQuery',
        (c) => c.params.callback_query_id === `cq-stranger-${user.id}`,
      );
      expect(refused.params).toMatchObject({ text: desk.notOperator, show_alert: true });
      await bot.webhookDelivered();
      const untouched = await server<{ status: number }>(`/api/order/detail?order_id=${order.id}`, { token });
      expect(untouched.status).toBe(ORDER_STATUS.waitingDelivery);
      expect(
        bot.calls.filter((c) => c.method === 'editMessageText' && c.params.message_id === post.message_id),
      ).toEqual([]);

      // The operator presses ship; the desk asks for carrier and number with a force-reply prompt.
      const pressedAt = Date.now();
      press(`cq-operator-${user.id}`, OPERATOR);
      await bot.waitFor(
        'answerCallbackQuery',
        (c) => c.params.callback_query_id === `cq-operator-${user.id}`,
      );
      const promptCall = await bot.waitFor(
        'sendMessage',
        (c) =>
          sentTo(OPERATORS_CHAT, pressedAt)(c) && String(c.params.text).startsWith(`@${OPERATOR.username} `),
      );
      expect(promptCall.params.reply_markup).toMatchObject({ force_reply: true, selective: true });
      expect(String(promptCall.params.text)).toContain(desk.object.order.replace('{{id}}', String(order.id)));
      const prompt = messageOf(promptCall);
      // The operator can reply once Telegram has shown the prompt, i.e. once the press was handled.
      await bot.webhookDelivered();

      // The operator's reply to the prompt ships it.
      const tracking = `JD0146${String(user.id).slice(-6)}`;
      const reply = 90_000 + user.id;
      const repliedAt = Date.now();
      bot.pushUpdate({
        message: {
          message_id: reply,
          date: now(),
          chat: { id: OPERATORS_CHAT, type: 'supergroup', title: 'Operators' },
          from: OPERATOR,
          text: `DHL ${tracking}`,
          reply_to_message: {
            ...prompt,
            date: now(),
            chat: { id: OPERATORS_CHAT, type: 'supergroup', title: 'Operators' },
          },
        },
      });
      const done = await bot.waitFor(
        'sendMessage',
        (c) =>
          sentTo(OPERATORS_CHAT, repliedAt)(c) &&
          (c.params.reply_parameters as { message_id?: number } | undefined)?.message_id === reply,
      );
      expect(done.params.text).toBe(
        desk.done.replace('{{object}}', desk.object.order.replace('{{id}}', String(order.id))),
      );
      // The post now says who shipped it, with what, and has no button left.
      const edited = await bot.waitFor(
        'editMessageText',
        (c) => c.params.chat_id === OPERATORS_CHAT && c.params.message_id === post.message_id,
      );
      const by = `@${OPERATOR.username} (tg:${OPERATOR.id})`;
      expect(String(edited.params.text)).toContain(
        desk.decided.shipped.replace('{{by}}', by).split(' at ')[0],
      );
      expect(String(edited.params.text)).toContain(`DHL ${tracking}`);
      expect(edited.params.reply_markup).toEqual({ inline_keyboard: [] });

      // The shopper's notification, in their language, with a button opening the order.
      const notice = await bot.waitFor(
        'sendMessage',
        (c) => c.params.chat_id === user.id && c.at >= repliedAt,
      );
      expect(notice.params.text).toBe(
        text.notify.order[ORDER_STATUS.delivered].replace('{{sn}}', order.orderSn),
      );
      const button = messageOf(notice).reply_markup?.inline_keyboard[0][0];
      expect(button?.text).toBe(text.bot.view);
      const opens = new URL(button?.web_app?.url ?? '');
      expect(opens.origin).toBe(PUBLIC_URL);
      expect(opens.pathname).toBe(paths.orderInfo.href(order.id));

      // The shopper opens it: the order screen, shipped, with carrier and number.
      await page.goto(tg.launchUrl(opens.pathname + opens.search));
      await waitForPath(page, paths.orderInfo.href(order.id));
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent(), { timeout: 15_000 })
        .toBe(text.orderList.status.delivered);
      expect(await page.getByTestId('status-header').textContent()).toContain(text.orderInfo.hint.delivered);
      const screen = screenNow(page);
      await screen.getByText(tracking, { exact: true }).first().waitFor();
      await screen.getByText('DHL', { exact: true }).first().waitFor();
      expect(await screen.textContent()).toContain(text.orderInfo.carrier);
      expect(await screen.textContent()).toContain(text.orderInfo.trackingNo);
      // Which operator shipped it is the shop's own business.
      expect(await screen.textContent()).not.toContain(OPERATOR.username);
      expect(
        await textContrast(page, '.screen:not([hidden]) [data-testid="order-status"]'),
      ).toBeGreaterThanOrEqual(4.5);
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, name);
      await screen.getByText(tracking, { exact: true }).first().scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-tracking`);
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});
