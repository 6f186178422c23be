import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, telegramContext } from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { smallTexts } from './support/screen-checks';
import { E2E_BOT_TOKEN, startShop, type RunningShop } from './support/shop';
import { locale } from './support/shop-api';
import { TG_USER } from './support/telegram';

/**
 * Issue 12, in Chromium against `npm start` inside the mocked Telegram client: the shopper writes
 * to customer service (a text, then a picture shown by its signed link), the messages reach the
 * operator chat through the (fake) Bot API, in the dark theme in German, with screenshots of /service;
 * nothing on it, the messages' times included, under 12 px.
 */
const OPERATOR_CHAT = '-1001234567890';
let api: FakeBotApi;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  api = await startFakeBotApi({ delayMs: 20 });
  shop = await startShop({ telegramApiRoot: api.url, settings: { OPERATOR_CHAT_ID: OPERATOR_CHAT } });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await api?.close();
});

describe.each([['de-DE', 'dark', 'de', 33]] as const)(
  '/service in %s, %s theme',
  (lang, theme, code, offset) => {
    it('sends a message that reaches the operator chat', async () => {
      const texts = locale(lang);
      const tg = await telegramContext(browser, {
        baseUrl: shop.url,
        botToken: E2E_BOT_TOKEN,
        theme,
        user: { ...TG_USER, id: TG_USER.id + offset, first_name: 'Jürgen', language_code: code },
      });
      const { page } = tg;
      await page.goto(tg.launchUrl('/service'));
      await page.getByText(texts.service.intro).waitFor();
      const text = `Wo bleibt meine Lieferung? Sendungsverfolgungsnummer ${offset}`;
      await page.getByTestId('chat-input').fill(text);
      await page.getByTestId('chat-send').click();
      await page.getByTestId('chat-message').filter({ hasText: text }).waitFor();
      const relayed = await api.waitFor(
        'sendMessage',
        (c) => String(c.params.chat_id) === OPERATOR_CHAT && String(c.params.text).includes(text),
        15_000,
      );
      expect(String(relayed.params.text)).toContain(text);

      // A picture: private to the conversation, so the composer and the message show it through
      // signed links (an <img> sends no session); the operator chat gets it as a photo.
      const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#22aa77' } })
        .png()
        .toBuffer();
      await page
        .getByTestId('chat-file')
        .setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: png });
      const loaded = (selector: string) =>
        page.evaluate(
          (s) =>
            [...document.querySelectorAll<HTMLImageElement>(s)].filter((img) => img.naturalWidth > 0).length,
          selector,
        );
      await expect.poll(() => loaded('.chat-attached img'), { timeout: 20_000 }).toBe(1);
      const caption = `Der Karton ${offset}`;
      await page.getByTestId('chat-input').fill(caption);
      await page.getByTestId('chat-send').click();
      const withPicture = page.getByTestId('chat-message').filter({ hasText: caption });
      await withPicture.waitFor();
      await expect
        .poll(() => loaded('[data-testid="chat-message"] img.chat-picture'), { timeout: 20_000 })
        .toBe(1);
      expect(await withPicture.locator('img').getAttribute('src')).toMatch(
        /^\/api\/user\/evidence\/.+\?expires=/,
      );
      const photo = await api.waitFor(
        'sendPhoto',
        (c) => String(c.params.raw).includes(OPERATOR_CHAT) && String(c.params.raw).includes(caption),
        15_000,
      );
      expect(String(photo.params.raw)).toContain(caption);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide).toBeLessThanOrEqual(0);
      // The messages' times too: nothing on the screen under 12 px.
      expect(await page.locator('.chat-time').count()).toBeGreaterThan(0);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `service-${lang}-${theme}`);
      await tg.context.close();
    }, 90_000);
  },
);
