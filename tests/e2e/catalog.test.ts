import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramTestUser } from '../support/telegram';
import {
  releaseChromium,
  workerChromium,
  screenshot,
  telegramContext,
  type TelegramContext,
} from './support/browser';
import type { FakeBotApi } from './support/fake-bot-api';
import {
  E2E_BOT_TOKEN,
  WORKER_SHOP_SETTINGS,
  workerBotApi,
  workerShop,
  type RunningShop,
} from './support/shop';
import { callEndpoint } from './support/journey';
import { describeScreens, shoppers } from './support/screen-checks';
import { locale, waitForPath, waitForTitle } from './support/shop-api';
import { tgCalls, tgEmit, TG_USER, waitForTgCall } from './support/telegram';

/**
 * The catalogue, in Chromium against `npm start` with its demo catalogue, inside the mocked Telegram
 * client (so the shopper is logged in silently): home, a category, a product (change spec), its
 * shop, follow, favourite, a search in Chinese, back to explore at the same scroll position, and
 * the favourites page showing both. Expected values come from the API, never typed in.
 */
const en = locale('en-US');

interface Spec {
  options: Record<string, string>;
  label: string;
  stock: number;
}
interface Detail {
  product: { id: number; title: string; images: string[]; specGroups: { key: string }[]; specs: Spec[] };
  shop: { id: number; name: string; fans: number };
}

let api: FakeBotApi;
let shop: RunningShop;
let browser: Browser;
let tg: TelegramContext & { user: TelegramTestUser };
let page: Page;

beforeAll(async () => {
  browser = await workerChromium();
  // The worker's shop has the Mini App's t.me link (WORKER_SHOP_SETTINGS): products are shared as
  // cards that open it.
  shop = await workerShop();
  api = await workerBotApi();
});

afterAll(async () => {
  await releaseChromium(browser);
});

/** The screen on show: kept-alive screens (home, explore) stay in the page, hidden. */
const screenNow = () => page.locator('.screen:not([hidden])');
const cardsNow = () => screenNow().locator('[data-testid^="product-card-"]');

const back = async (to: string) => {
  await tgEmit(page, 'back_button_pressed');
  await waitForPath(page, to);
};

describe('the catalogue inside Telegram', () => {
  // Each test is a shopper of its own on a page emptied for it: it passes alone and in any order.
  const newShopper = shoppers(
    () => browser,
    () => shop,
    TG_USER.id + 300,
  );
  beforeEach(async () => {
    tg = await newShopper('en-US');
    page = tg.page;
  });
  afterEach(() => tg?.close());

  /** Home, the men's category, its first product: answers the product as the API has it. */
  async function openMenProduct(): Promise<Detail> {
    await page.goto(tg.launchUrl('/home'));
    await screenNow().getByTestId('home-category-men').click();
    await waitForPath(page, '/products');
    // Whichever card is first when the click lands: the list may be answered again in another
    // order (views move products up, and they are written in batches), so the product is read
    // from the address the click opened, not from the card before it.
    // waitForPath waits for the products screen itself: read while the home screen still showed
    // (the address changes first), the first card was home's, which Playwright then waited on for
    // 30 s after home was hidden. A click that cannot land says what the screens held.
    await cardsNow()
      .first()
      .click()
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await describeScreens(page)}`);
      });
    await page.waitForURL((url) => url.pathname.startsWith('/detail/'), { timeout: 10_000 });
    const id = Number(new URL(page.url()).pathname.replace('/detail/', ''));
    expect(id, `a product page, not ${page.url()}`).toBeGreaterThan(0);
    const detail = await callEndpoint<Detail>(shop.url, 'catalog.productDetail', {
      lang: 'en-US',
      query: { product_id: String(id) },
    });
    await expect.poll(() => page.getByTestId('detail-title').textContent()).toBe(detail.product.title);
    return detail;
  }

  it('opens home with the welcome, categories and hot products', async () => {
    await page.goto(tg.launchUrl('/home'));
    await page.getByText(en.app.welcome).waitFor();
    await screenNow().getByTestId('home-category-men').waitFor();
    await cardsNow().first().waitFor();
    await waitForTitle(page, en.routes.home);
    await screenshot(page, 'catalog-home-light');
  });

  it('lists a category and opens a product, changing its spec', async () => {
    const detail = await openMenProduct();
    expect(detail.product.specGroups.length, "a men's clothing product has specs").toBeGreaterThan(0);
    // Choose a combination in stock, option by option; the stock shown follows the choice.
    const spec = detail.product.specs.find((s) => s.stock > 0);
    expect(spec).toBeDefined();
    for (const group of detail.product.specGroups) {
      const option = page.getByTestId(`detail-spec-${group.key}-${spec?.options[group.key]}`);
      await option.click();
      await expect.poll(() => option.getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(() => page.getByTestId('detail-spec-state').textContent()).toContain(spec?.label);
    await expect
      .poll(() => page.getByTestId('detail-stock').getAttribute('data-value'))
      .toBe(String(spec?.stock));
    await screenshot(page, 'catalog-detail-spec');
  });

  it('opens a product’s pictures full size on Telegram’s full screen and swipes between them', async () => {
    const detail = await openMenProduct();
    const total = detail.product.images.length;
    expect(total, 'a demo product has several pictures').toBeGreaterThan(1);
    await screenNow().getByTestId('gallery-open').first().click();
    const viewer = page.getByTestId('picture-viewer');
    await viewer.waitFor();
    await waitForTgCall(page, 'web_app_request_fullscreen');
    const counter = viewer.getByTestId('picture-viewer-counter');
    expect(await counter.textContent()).toBe(`1/${total}`);
    // The first picture, full size, has loaded at the larger width.
    await expect
      .poll(() =>
        viewer
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(800);
    await screenshot(page, 'catalog-pictures-full');
    // A swipe to the left: the next picture snaps into place.
    const track = viewer.locator('.picture-viewer__track');
    await track.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
    await expect.poll(() => counter.textContent()).toBe(`2/${total}`);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await waitForTgCall(page, 'web_app_exit_fullscreen');
    expect(new URL(page.url()).pathname).toBe(`/detail/${detail.product.id}`);
    expect(tg.errors).toEqual([]);
  });

  it("opens the product's shop and follows it; back on the product the shop shows as followed", async () => {
    const detail = await openMenProduct();
    await page.getByTestId('detail-shop').click();
    await waitForPath(page, `/shop/${detail.shop.id}`);
    await expect.poll(() => page.getByTestId('shop-name').textContent()).toBe(detail.shop.name);
    const fans = Number(await page.getByTestId('shop-fans').first().getAttribute('data-value'));
    await page.getByTestId('shop-follow').click();
    await expect.poll(() => page.getByTestId('shop-follow').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => Number(await page.getByTestId('shop-fans').first().getAttribute('data-value')))
      .toBe(fans + 1);
    await screenshot(page, 'catalog-shop-followed');
    await back(`/detail/${detail.product.id}`);
    await expect.poll(() => page.getByTestId('shop-follow').getAttribute('aria-pressed')).toBe('true');
  });

  it('favourites the product and shares it into a chat as a card', async () => {
    const detail = await openMenProduct();
    const heart = page.getByTestId('detail-favourite');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // Share: the server prepares the card for this shopper, Telegram's chooser sends it.
    const before = api.calls.filter((c) => c.method === 'savePreparedInlineMessage').length;
    await page.getByTestId('detail-share').click();
    const sent = await waitForTgCall(page, 'web_app_send_prepared_message');
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe(en.product.shareSent);
    const made = api.calls.filter((c) => c.method === 'savePreparedInlineMessage')[before];
    expect(sent.params?.id).toBe((made.result as { id: string }).id);
    expect(made.params).toMatchObject({
      user_id: tg.user.id,
      result: {
        title: detail.product.title,
        reply_markup: {
          inline_keyboard: [
            [
              {
                url: `https://t.me/${WORKER_SHOP_SETTINGS.BOT_USERNAME}/${WORKER_SHOP_SETTINGS.MINI_APP_NAME}?startapp=product-${detail.product.id}`,
              },
            ],
          ],
        },
      },
    });
    expect(await tgCalls(page, 'web_app_open_tg_link')).toEqual([]);
  });

  it('a shared product link shows the product before any call answers, then the shopper’s own flags', async () => {
    const detail = await openMenProduct();
    const heart = page.getByTestId('detail-favourite');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // Opened again from a link with the product's own call held on the network: the page the
    // server wrote carries the product as a visitor sees it (no favourite), so it shows at once.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const detailCall = (url: URL) => url.pathname === '/api/product/detail';
    await page.route(detailCall, async (route) => {
      await held;
      await route.continue();
    });
    // (From another document: the same address with another hash would not load the page again.)
    await page.goto('about:blank');
    await page.goto(tg.launchUrl(`/detail/${detail.product.id}`));
    await expect.poll(() => page.getByTestId('detail-title').textContent()).toBe(detail.product.title);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    release();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.unroute(detailCall);
  });

  /**
   * Opens `address` with the app's entry script held on the network: what shows is the page as the
   * server wrote it. Its first paint's picture (`early`) must have arrived and painted; once the
   * script runs, the app's own picture (`shown`) must be the same one in the same place.
   */
  async function paintsBeforeTheApp(address: string, early: string, shown: () => Locator) {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const entry = (url: URL) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname);
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('about:blank');
    await page.goto(address, { waitUntil: 'commit' });
    const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);
    const first = page.locator(`#root > .first-paint ${early}`).first();
    await expect.poll(() => loaded(first)).toBeGreaterThan(0);
    // Measured as painted: the browser paints nothing before the page's stylesheets are in, but a
    // layout asked for earlier (the box below) places the picture without them.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    );
    const before = await first.boundingBox();
    const picture = await first.getAttribute('src');
    expect(await page.locator('#root .screen').count(), 'the app has not rendered yet').toBe(0);
    release();
    await expect.poll(() => loaded(shown())).toBeGreaterThan(0);
    const after = await shown().boundingBox();
    expect(await page.locator('.first-paint').count()).toBe(0);
    expect(await shown().getAttribute('src')).toBe(picture);
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(after![side], `${new URL(address).pathname}: ${side}`).toBeCloseTo(before![side], 2);
    await page.unroute(entry);
    return before!;
  }

  it('home, a product page, a direct link to it, its shop, explore, popular and a products list paint their picture before the app’s scripts have run, where the app then shows it', async () => {
    const detail = await openMenProduct();
    const gallery = () => page.getByTestId('detail-gallery').locator('img').first();
    await paintsBeforeTheApp(tg.launchUrl(`/detail/${detail.product.id}`), 'img', gallery);
    await paintsBeforeTheApp(tg.launchUrl('/home'), '.banners img', () =>
      screenNow().locator('.banners img').first(),
    );
    // A direct link to the product opens the app's own address: the product paints first, not home.
    await paintsBeforeTheApp(tg.directLinkUrl(`product-${detail.product.id}`), 'img', gallery);
    await waitForPath(page, `/detail/${detail.product.id}`);
    // The product's shop, whose banner is its largest picture.
    await paintsBeforeTheApp(tg.launchUrl(`/shop/${detail.shop.id}`), 'img', () =>
      screenNow().locator('.shop-head__banner img'),
    );
    // The lists: their first row of pictures, the feed's first product first.
    const firstTile = () => screenNow().locator('.product-tile img').first();
    for (const list of ['/explore', '/popular', '/products?sort=newest&min_price=1']) {
      const box = await paintsBeforeTheApp(tg.launchUrl(list), '.product-tile img', firstTile);
      // On a whole pixel: a row below, on one, would show a larger picture and be the largest paint.
      expect(Number.isInteger(box.y), `${list}: the first row at y ${box.y}`).toBe(true);
    }
  });

  it('a /products list opened from a link shows the first page the server wrote into it, with its pictures preloaded; another order asks', async () => {
    const searches: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/product/search') searches.push(url.search);
    });
    const expected = await callEndpoint<{ list: { id: number; image: string }[] }>(
      shop.url,
      'catalog.search',
      {
        lang: 'en-US',
        query: { sort: 'price_desc', limit: '20' },
      },
    );
    await page.goto(tg.launchUrl('/products?sort=price_desc'));
    await expect
      .poll(() => cardsNow().first().getAttribute('data-testid'))
      .toBe(`product-card-${expected.list[0]!.id}`);
    const first = cardsNow().first().locator('img');
    await expect
      .poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
    // Its picture was asked by the page's preload, before any script.
    const preloaded = await page.evaluate(
      (src) =>
        (
          performance.getEntriesByType('resource').find((e) => e.name === src) as
            PerformanceResourceTiming | undefined
        )?.initiatorType,
      await first.evaluate((el: HTMLImageElement) => el.src),
    );
    expect(preloaded).toBe('link');
    expect(searches, 'the list was not asked again').toEqual([]);
    await screenNow().getByTestId('sort-price_asc').click();
    await expect.poll(() => searches).toEqual(['?sort=price_asc&limit=20']);
  });

  it('the filter and the legal page show the answers the server wrote into them, asking the API for neither', async () => {
    const asked: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname === '/api/index/category' || pathname === '/api/user/law') asked.push(pathname);
    });
    await page.goto(tg.launchUrl('/filter'));
    await screenNow().locator('[data-testid^="filter-category-"]').first().waitFor();
    await page.goto(tg.launchUrl('/law'));
    await screenNow().getByTestId('law-updated').waitFor();
    expect(asked).toEqual([]);
  });

  it('a page opened on a screen beyond home asks for that screen’s code with start-up, before the app’s first render', async () => {
    // When the app first renders into #root (anything but the server's first paint).
    tg.notReusable();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('#root > :not(.first-paint)')) return;
        (window as unknown as { firstRender: number }).firstRender = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [address, chunk] of [
      ['/popular', 'PopularPage'],
      ['/order', 'OrdersPage'],
    ] as const) {
      await page.goto('about:blank');
      await page.goto(tg.launchUrl(address));
      await waitForPath(page, address);
      await screenNow().waitFor();
      const { firstRender, asked } = await page.evaluate(
        (name) => ({
          firstRender: (window as unknown as { firstRender: number }).firstRender,
          asked: performance
            .getEntriesByType('resource')
            .find((e) => new URL(e.name).pathname.startsWith(`/assets/${name}-`))?.startTime,
        }),
        chunk,
      );
      expect(asked, `${chunk} was loaded`).toBeDefined();
      expect(asked!, address).toBeLessThan(firstRender);
    }
  });

  it('finds a product searching in Chinese', async () => {
    await page.goto(tg.launchUrl('/home'));
    const card = cardsNow().first();
    await card.waitFor();
    const productId = Number((await card.getAttribute('data-testid'))?.replace('product-card-', ''));
    const zh = await callEndpoint<Detail>(shop.url, 'catalog.productDetail', {
      lang: 'zh-CN',
      query: { product_id: String(productId) },
    });
    expect(zh.product.title).toMatch(/\p{Script=Han}/u);
    await screenNow().getByTestId('home-search').click();
    await waitForPath(page, '/search');
    await page.getByTestId('search-input').fill(zh.product.title);
    await page.getByTestId('search-submit').click();
    await screenNow().getByTestId(`product-card-${productId}`).waitFor();
    expect(new URL(page.url()).searchParams.get('title')).toBe(zh.product.title);
    await screenshot(page, 'catalog-search-zh');
  });

  it('comes back to explore at the same scroll position after visiting a product', async () => {
    await page.goto(tg.launchUrl('/home'));
    await cardsNow().first().waitFor();
    await page.getByTestId('tab-explore').click();
    await waitForPath(page, '/explore');
    const cards = cardsNow();
    await cards.first().waitFor();
    // Scroll well into the feed (loading more on the way), then open a product in view. A wheel
    // turned before the feed is tall enough, or while the next page loads, moves nothing: turn again.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 700);
          return page.evaluate(() => window.scrollY);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThan(1500);
    // Then let the last wheel's scrolling come to rest.
    let last = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const still = y === last;
          last = y;
          return still;
        },
        { interval: 200 },
      )
      .toBe(true);
    const scrolled = await page.evaluate(() => window.scrollY);
    const inView = await cards.evaluateAll((els) => {
      const el = els.find((e) => {
        const r = e.getBoundingClientRect();
        return r.top > 80 && r.bottom < window.innerHeight - 100;
      });
      return el?.getAttribute('data-testid') ?? '';
    });
    expect(inView).not.toBe('');
    await screenshot(page, 'catalog-explore-scrolled');
    await screenNow().getByTestId(inView).click();
    await waitForPath(page, `/detail/${inView.replace('product-card-', '')}`);
    await page.getByTestId('detail-title').waitFor();

    await back('/explore');
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: `left at scrollY ${scrolled}` })
      .toSatisfy((restored: number) => Math.abs(restored - scrolled) < 5);
    const box = await screenNow().getByTestId(inView).boundingBox();
    expect(box && box.y > 0 && box.y < 844).toBe(true);
  });

  it('shows the favourite product and the followed shop on the favourites page', async () => {
    const detail = await openMenProduct();
    const heart = page.getByTestId('detail-favourite');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('detail-shop').click();
    await waitForPath(page, `/shop/${detail.shop.id}`);
    await page.getByTestId('shop-follow').click();
    await expect.poll(() => page.getByTestId('shop-follow').getAttribute('aria-pressed')).toBe('true');

    await page.goto(tg.launchUrl('/profile'));
    await page.getByText(en.profile.favourites, { exact: true }).click();
    await waitForPath(page, '/myFavourite');
    await screenNow().getByTestId(`product-card-${detail.product.id}`).waitFor();
    await screenshot(page, 'catalog-favourites-products');
    await page.getByTestId('favourites-shops').click();
    await screenNow().getByTestId(`shop-card-${detail.shop.id}`).waitFor();
    await screenshot(page, 'catalog-favourites-shops');
    expect(tg.errors).toEqual([]);
  });
});

describe('the catalogue in the dark theme', () => {
  it('renders home and a product in Telegram’s dark palette', async () => {
    const dark = await telegramContext(browser, {
      baseUrl: shop.url,
      botToken: E2E_BOT_TOKEN,
      theme: 'dark',
    });
    try {
      await dark.page.goto(dark.launchUrl('/home'));
      const darkCards = dark.page.locator('.screen:not([hidden]) [data-testid^="product-card-"]');
      await darkCards.first().waitFor();
      await screenshot(dark.page, 'catalog-home-dark');
      await darkCards.first().click();
      await dark.page.getByTestId('detail-title').waitFor();
      await screenshot(dark.page, 'catalog-detail-dark');
      await dark.page.locator('.screen:not([hidden]) [data-testid="gallery-open"]').first().click();
      const darkViewer = dark.page.getByTestId('picture-viewer');
      await darkViewer.waitFor();
      await expect
        .poll(() =>
          darkViewer
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await screenshot(dark.page, 'catalog-pictures-full-dark');
      expect(dark.errors).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});

describe('the catalogue in a long-word language', () => {
  it('writes a German banner title over the picture without cutting a word', async () => {
    const banners = await callEndpoint<{ id: number; title: string }[]>(shop.url, 'catalog.banners', {
      lang: 'de-DE',
    });
    const german = await telegramContext(browser, {
      baseUrl: shop.url,
      botToken: E2E_BOT_TOKEN,
      user: { ...TG_USER, id: TG_USER.id + 2, first_name: 'Jürgen', language_code: 'de' },
    });
    try {
      const p = german.page;
      await p.goto(german.launchUrl('/home'));
      const title = p.locator(`[data-testid="banner-${banners[0]?.id}"] .banners__text`);
      await expect.poll(() => title.textContent()).toBe(banners[0]?.title);
      // No word runs past the title's box, and no line is clamped away.
      const cut = await title.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      expect(cut, 'the banner title is cut').toBe(false);
      await screenshot(p, 'catalog-home-de');
      expect(german.errors).toEqual([]);
    } finally {
      await german.close();
    }
  });

  it('shows a Russian shopper the whole shop name beside a translated follow button', async () => {
    const ru = locale('ru-RU');
    const shops = await callEndpoint<{ list: { id: number; name: string }[] }>(shop.url, 'catalog.hotShops', {
      lang: 'ru-RU',
    });
    const longest = [...shops.list].sort((a, b) => b.name.length - a.name.length)[0];
    expect(longest).toBeDefined();
    const russian = await telegramContext(browser, {
      baseUrl: shop.url,
      botToken: E2E_BOT_TOKEN,
      user: { ...TG_USER, id: TG_USER.id + 1, first_name: 'Ольга', language_code: 'ru' },
    });
    try {
      const p = russian.page;
      await p.goto(russian.launchUrl(`/shop/${longest?.id}`));
      const name = p.getByTestId('shop-name');
      await expect.poll(() => name.textContent()).toBe(longest?.name);
      await expect.poll(() => p.getByTestId('shop-follow').textContent()).toBe(ru.shopPage.follow);
      // Nothing is cut: the name's box holds all of its text.
      const clipped = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(clipped, 'the shop name is clamped').toBe(false);
      const card = await p.locator('.shop-head__card').boundingBox();
      const follow = await p.getByTestId('shop-follow').boundingBox();
      expect(card && follow && follow.x + follow.width <= card.x + card.width).toBe(true);
      await screenshot(p, 'catalog-shop-ru');
      expect(russian.errors).toEqual([]);
    } finally {
      await russian.close();
    }
  });
});
