import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '@common/languages';
import { formatMoney } from '@common/money';
import { paths } from '@common/paths';
import { TEST_ADDRESS_BODY } from '../../support/address';
import { endpointAt, type CallOptions as EndpointOptions } from '../../support/endpoint';
import { textContrast } from './browser';
import { screenNow, shoppers } from './screen-checks';
import type { RunningShop } from './shop';
import { locale, waitForPath, type Locale } from './shop-api';
import { pressMain, tgEmit, waitForTgCall, type ThemeName } from './telegram';

/**
 * What the journey files (buying, after-sale, desk, wallet) share: calling the shop's API as the
 * shopper does, the checks of the screen on show, and the Telegram popups and payment pad a thumb
 * presses.
 */

/** The API's answer: `code` 1 with `data`, or 0 with the reason in `msg`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A product card of the catalogue's lists. */
export interface Product {
  id: number;
  shopId: number;
  title: string;
  price: string;
}

/** How one call is made: a GET without a body, a POST with one. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The `lang` header; none when not given. */
  lang?: string;
  /** An `Idempotency-Key`: this one, or a new one for `true`. */
  key?: string | boolean;
}

/** Calls endpoint `name` of the shop at `baseUrl` and answers its data; an answer with code 0 throws its message. */
export async function callEndpoint<T>(
  baseUrl: string,
  name: EndpointName,
  opts: EndpointOptions = {},
): Promise<T> {
  const answer = await endpointAt<T>(baseUrl, name, opts);
  if (answer.code !== 1) throw new Error(`${name}: ${answer.msg}`);
  return answer.data;
}

/**
 * Calls the shop's API at the literal `path` of `baseUrl`, as `callEndpoint` does by name; kept for the
 * desk's journey until it calls endpoints by name.
 */
export async function callShop<T>(baseUrl: string, path: string, opts: CallOptions = {}): Promise<T> {
  const key = opts.key === true ? randomUUID() : opts.key;
  const res = await fetch(`${baseUrl}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.lang ? { lang: opts.lang } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/**
 * An unpaid order of one unit of the demo catalogue's first product at $40 or less, made through the API
 * for the shopper behind `token` (buying has its own journey), sent to `address` saved as their
 * default; answers the checkout's pay group.
 */
export async function orderThroughApi(
  baseUrl: string,
  token: string,
  address: Record<string, unknown> = TEST_ADDRESS_BODY,
): Promise<{ outTradeNo: string; orderIds: number[]; total: string }> {
  await callEndpoint(baseUrl, 'address.save', { token, lang: 'en-US', body: address });
  const found = await callEndpoint<{ list: { id: number }[] }>(baseUrl, 'catalog.search', {
    token,
    lang: 'en-US',
    query: { 'price[max]': '40', limit: '20' },
  });
  return callEndpoint(baseUrl, 'checkout.submit', {
    token,
    lang: 'en-US',
    body: { product_id: found.list[0].id, number: 1 },
  });
}

/**
 * Products of the demo catalogue at $40 or less, without specs and with 10 or more in stock, in the
 * search's order; the search stops once `enough` are found.
 */
export async function plainProducts(baseUrl: string, enough = Infinity): Promise<Product[]> {
  const found = await callEndpoint<{ list: Product[] }>(baseUrl, 'catalog.search', {
    query: { 'price[max]': '40', limit: '50' },
  });
  const plain: Product[] = [];
  for (const card of found.list) {
    if (plain.length >= enough) break;
    const detail = await callEndpoint<{ product: { specGroups: unknown[]; stock: number } }>(
      baseUrl,
      'catalog.productDetail',
      { query: { product_id: String(card.id) } },
    );
    if (detail.product.specGroups.length === 0 && detail.product.stock >= 10) plain.push(card);
  }
  return plain;
}

/** The text elements the cut-text check reads. */
export const TEXT_TAGS = 'h1, h2, h3, p, span, strong, label, button, a, dd, dt';

/**
 * Texts on the screen shown (or on its first `within`) that do not fit their box: cut with an
 * ellipsis or clipped, across (scrollWidth) or, for clamped lines, down (scrollHeight). Each with its
 * text. `tags`: which elements are read; `visibleOnly`: text for screen readers only (clipped to a
 * pixel on purpose) is left out.
 */
export function cutTextsOnScreen(
  page: Page,
  {
    within,
    tags = TEXT_TAGS,
    visibleOnly = false,
  }: { within?: string; tags?: string; visibleOnly?: boolean } = {},
): Promise<string[]> {
  const root = within ? screenNow(page).locator(within).first() : screenNow(page);
  return root.evaluate(
    (el, { tags, visibleOnly }) =>
      [...el.querySelectorAll<HTMLElement>(tags)]
        .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
        .filter((e) => getComputedStyle(e).overflow !== 'visible')
        .filter((e) => !visibleOnly || (e.clientWidth > 1 && e.clientHeight > 1))
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map((e) => e.textContent ?? ''),
    { tags, visibleOnly },
  );
}

/** Every one of `selectors` on the screen shown reads at WCAG AA (4.5:1) against its background. */
export async function expectReadable(page: Page, selectors: string[]): Promise<void> {
  for (const selector of selectors)
    expect(await textContrast(page, `.screen:not([hidden]) ${selector}`), selector).toBeGreaterThanOrEqual(
      4.5,
    );
}

/** Waits for Telegram's popup asking `message` and presses its action button (not cancel). */
export async function confirmPopup(page: Page, message: string): Promise<void> {
  const popup = await waitForTgCall(page, 'web_app_open_popup', { message });
  const buttons = (popup.params?.buttons ?? []) as { id: string; type: string }[];
  const action = buttons.find((b) => b.type !== 'cancel' && b.type !== 'close');
  expect(action).toBeDefined();
  await tgEmit(page, 'popup_closed', { button_id: action?.id });
}

/**
 * Sets a first payment password on the screen for it, which says Telegram's launch data proves the
 * shopper (no login password asked); saving leads back to the security page.
 */
export async function setFirstPayPassword(page: Page, text: Locale, password: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId('first-proof-hint').textContent())
    .toBe(text.auth.confirmedByTelegram);
  await page.getByLabel(text.password.newPay).fill(password);
  await page.getByLabel(text.password.confirmPay).fill(password);
  await pressMain(page, text.common.save);
  await waitForPath(page, paths.security.href());
}

/** Presses the payment pad's digits one by one, as a thumb would. */
export async function typeOnPad(page: Page, digits: string): Promise<void> {
  const pad = page.getByTestId('pay-pad');
  for (const digit of digits) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** Fresh Telegram shoppers for a journey file: its browser and shop as they are when a test asks. */
export const journeyShoppers = (file: () => { browser: Browser; shop: RunningShop }, firstId: number) =>
  shoppers(
    () => file().browser,
    () => file().shop,
    firstId,
  );

/**
 * What one variant of a journey names: its texts, its money, and its screenshots
 * (`<journey>-<screen>-<theme>`, then the language's two letters unless it is English).
 */
export function journeyVariant(journey: string, theme: ThemeName, lang: Lang) {
  const language = lang === 'en-US' ? '' : `-${lang.slice(0, 2)}`;
  return {
    text: locale(lang),
    money: (amount: string) => formatMoney(amount, lang),
    name: (screen: string) => `${journey}-${screen}-${theme}${language}`,
  };
}
