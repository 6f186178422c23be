import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TelegramTestUser } from '../../support/telegram';
import { ROOT, workerShopUrl } from './shop';
import { recordToasts, watchErrors } from './page-state';
import { launchHash, signInitData, telegramClient, THEMES, type ThemeName } from './telegram';

/** Debian's Chromium: the suite never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
export const MOBILE = { width: 390, height: 844 };

/** Playwright's --disable-features (playwright-core 1.65, chromiumSwitches.ts; not its Windows and Edge ones). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser suite needs Debian's Chromium at ${CHROMIUM}, and it is missing. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this), then run the suite again.',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      // Composite in the browser process: with --disable-gpu alone a GPU process still composites
      // every frame in software (15 % of the suite's CPU when sampled; two files alone took 81
      // CPU-seconds, 68 with this; on a saturated machine it yields, so the whole suite's time
      // stays the same).
      '--disable-gpu-compositing',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      // Chromium reads only the last --disable-features: Playwright's own list (its chromiumSwitches)
      // again, and the omnibox popup's WebUI pages, which each window of the new headless mode
      // loads and renders in a renderer of their own though nothing ever shows them (a sixth of
      // a browser file's CPU: the catalogue file took 88 CPU-seconds with them, 74 without).
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP].join(',')}`,
    ],
  });
}

let workerBrowser: Browser | undefined;

/**
 * The worker's Chromium. A worker runs its files one after another in one module graph
 * (vitest.e2e.config.ts), so they share one browser instead of launching one each (about 2
 * CPU-seconds a launch); each file's tests take emptied pages (`telegramContext`, `plainContext`)
 * and the file closes what it leaves with `releaseChromium`. Playwright ends the browser with the worker's process.
 */
export async function workerChromium(): Promise<Browser> {
  if (!workerBrowser?.isConnected()) workerBrowser = await launchChromium();
  return workerBrowser;
}

/**
 * A file is done with the worker's Chromium: every context it left open is closed, but for the
 * emptied pages of the worker's shop, which its next file takes on (`keptPages`).
 */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  const shared = workerShopUrl();
  for (const [key, leases] of keptPages) if (leases[0]?.baseUrl !== shared) keptPages.delete(key);
  const kept = new Set([...keptPages.values()].flat().map((lease) => lease.context));
  await Promise.all(
    browser
      ?.contexts()
      .filter((context) => !kept.has(context))
      .map((context) => context.close()) ?? [],
  );
}

/**
 * Pages a test hands on to the next test of the same kind (Telegram or plain browser, theme and
 * shop): the file's next, and on the worker's shop the next file's too. A new context starts a new renderer, which compiles the whole app again: a test's first
 * page cost about 5.7 CPU-seconds so, 0.9 in a kept page (this machine, the home screen), and the
 * catalogue file took 118 CPU-seconds with a context a test, 91 with kept pages. What one test
 * leaves is undone before the next gets the page (`handBack`): the shop's storage (cookies, local
 * and session storage, where the emulated client keeps CloudStorage), routes, permissions, other
 * pages, the listeners it added and the document; the HTTP cache stays, as a phone's does.
 */
const keptPages = new Map<string, Lease[]>();

interface Lease {
  key: string;
  baseUrl: string;
  context: BrowserContext;
  page: Page;
  /** The page's listeners before the test's own (and the errors watch) were added. */
  listenersBefore: Map<string | symbol, Set<unknown>>;
  reusable: boolean;
}

/** What a test gets: the context, its page and what the page logged as errors. */
export interface KeptPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /**
   * The test is done with the page: it goes to the file's next test of the same kind, or is closed
   * when the test changed what cannot be undone (`notReusable`).
   */
  close(): Promise<void>;
  /** The test added what a page cannot drop (an init script, an exposed function): close it after. */
  notReusable(): void;
}

type Listening = Page & {
  eventNames(): (string | symbol)[];
  listeners(name: string | symbol): unknown[];
  off(name: string | symbol, listener: unknown): Page;
};

async function leasePage(
  kind: string,
  baseUrl: string,
  create: () => Promise<BrowserContext>,
): Promise<KeptPage> {
  const key = `${kind} ${baseUrl}`;
  const kept = keptPages.get(key) ?? [];
  let lease = kept.pop();
  while (lease?.page.isClosed()) lease = kept.pop();
  if (!lease) {
    const context = await create();
    const page = await context.newPage();
    lease = { key, baseUrl, context, page, listenersBefore: new Map(), reusable: true };
  }
  const page = lease.page as Listening;
  lease.listenersBefore = new Map(page.eventNames().map((name) => [name, new Set(page.listeners(name))]));
  const errors = watchErrors(page);
  const held = lease;
  return {
    context: held.context,
    page: held.page,
    errors,
    close: () => handBack(held),
    notReusable: () => {
      held.reusable = false;
    },
  };
}

async function handBack(lease: Lease): Promise<void> {
  const { context } = lease;
  const page = lease.page as Listening;
  if (!lease.reusable || page.isClosed()) {
    await context.close();
    return;
  }
  try {
    for (const name of page.eventNames())
      for (const listener of page.listeners(name))
        if (!lease.listenersBefore.get(name)?.has(listener)) page.off(name, listener);
    await Promise.all([
      ...context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
      context.unrouteAll({ behavior: 'ignoreErrors' }),
      page.unrouteAll({ behavior: 'ignoreErrors' }),
      context.clearCookies(),
      context.clearPermissions(),
      context.setOffline(false),
    ]);
    const size = page.viewportSize();
    if (size?.width !== MOBILE.width || size?.height !== MOBILE.height) await page.setViewportSize(MOBILE);
    await page.evaluate(() => {
      try {
        localStorage.clear();
        sessionStorage.clear();
      } catch {
        // A document without storage (the first blank page): nothing kept.
      }
    });
    // A blank document asked for by the page itself stays in its renderer (one the browser asks for
    // starts a new one), and the next test's first address loads afresh whatever it is.
    if (page.url() !== 'about:blank') {
      await page.evaluate(() => {
        window.location.href = 'about:blank';
      });
      await page.waitForURL('about:blank', { timeout: 5000 });
    }
    const kept = keptPages.get(lease.key) ?? [];
    kept.push(lease);
    keptPages.set(lease.key, kept);
  } catch {
    await context.close().catch(() => undefined);
  }
}

export interface TelegramContext extends KeptPage {
  /** The app URL for `pathname`, with the launch parameters in the hash. */
  launchUrl(pathname: string): string;
  /**
   * What a direct link (`t.me/<bot>/<app>?startapp=<startParam>`) opens: the app's own address with
   * the start parameter in the query (never in the hash) and in the signed init data.
   */
  directLinkUrl(startParam: string): string;
}

/** A phone-sized context in which the page is hosted the way Telegram's Android client hosts it. */
export async function telegramContext(
  browser: Browser,
  opts: {
    baseUrl: string;
    botToken: string;
    theme?: ThemeName;
    user?: TelegramTestUser;
    /** The client's Mini Apps version (8.0 unless said). */
    version?: string;
  },
): Promise<TelegramContext> {
  const theme = opts.theme ?? 'light';
  const kept = await leasePage(`telegram ${theme}`, opts.baseUrl, () =>
    phoneContext(browser, { baseUrl: opts.baseUrl, theme, telegram: true }),
  );
  const initData = signInitData(opts.botToken, opts.user);
  return {
    ...kept,
    launchUrl: (pathname) => `${opts.baseUrl}${pathname}${launchHash(initData, theme, opts.version)}`,
    directLinkUrl: (startParam) =>
      `${opts.baseUrl}/?tgWebAppStartParam=${startParam}` +
      launchHash(signInitData(opts.botToken, opts.user, startParam), theme, opts.version),
  };
}

/** A phone-sized plain browser: no Telegram, the app runs as a mobile web app. */
export async function plainContext(
  browser: Browser,
  opts: { baseUrl: string; theme?: ThemeName },
): Promise<KeptPage> {
  const theme = opts.theme ?? 'light';
  return leasePage(`plain ${theme}`, opts.baseUrl, () =>
    phoneContext(browser, { baseUrl: opts.baseUrl, theme, telegram: false }),
  );
}

/**
 * A new phone-sized context (390 × 844 at twice the pixels, touch) in `theme` that remembers the
 * toasts its pages show; with `telegram`, each page is hosted by the emulated Android client.
 */
async function phoneContext(
  browser: Browser,
  opts: { baseUrl: string; theme: ThemeName; telegram: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: opts.baseUrl,
    viewport: MOBILE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: opts.theme,
    locale: 'en-US',
  });
  if (opts.telegram) await context.addInitScript(telegramClient, { theme: THEMES[opts.theme], ...MOBILE });
  await recordToasts(context);
  return context;
}

/**
 * Writes test-results/screenshots/<name>.png (the folder is ignored by git): the viewport one pixel
 * per CSS pixel (390 px wide, as the README shows them), `{ scale: 'device' }` at the device's
 * scale, or `{ fullPage: true }` the whole page. One pixel per CSS pixel is a quarter of the pixels
 * to encode: the screen tour's 58 screenshots took 11.1 s at the device's scale, 5.0 s so.
 */
export async function screenshot(
  page: Page,
  name: string,
  opts: { scale?: 'css' | 'device'; fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Let transitions, the smooth scroll to the top and short toasts (1200 ms) settle first.
  await settled(page);
  await page
    .locator('.toast')
    .first()
    .waitFor({ state: 'detached', timeout: 3000 })
    .catch(() => undefined);
  await page.screenshot({ path: file, animations: 'disabled', scale: 'css', ...opts });
  return file;
}

/**
 * WCAG contrast ratio between an element's text colour and the first opaque background behind it
 * (walking up the ancestors), so a screenshot's "unreadable colours" become an assertion.
 */
export async function textContrast(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const parse = (c: string) => {
        const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?\)/.exec(c);
        if (m)
          return {
            rgb: [Number(m[1]), Number(m[2]), Number(m[3])],
            a: m[4] === undefined ? 1 : Number(m[4]),
          };
        // color-mix() computes to color(srgb r g b [/ a]) with channels from 0 to 1.
        const s = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/.exec(c);
        return s
          ? {
              rgb: [1, 2, 3].map((i) => Math.round(Number(s[i]) * 255)),
              a: s[4] === undefined ? 1 : Number(s[4]),
            }
          : null;
      };
      const luminance = ([r, g, b]: number[]) => {
        const lin = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const fgColor = getComputedStyle(el).color;
      const fg = parse(fgColor)?.rgb;
      if (!fg) throw new Error(`textContrast cannot read the colour ${fgColor}`);
      let bg = [255, 255, 255];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const parsed = parse(getComputedStyle(node).backgroundColor);
        if (parsed && parsed.a > 0.5) {
          bg = parsed.rgb;
          break;
        }
      }
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    });
}

/**
 * Waits until the pictures in view have loaded (or failed), no finite animation or transition is
 * running (endless ones, such as a loading shimmer, do not count) and the scroll position has held
 * still for two frames. A picture that never arrives does not stop the screenshot: it shows as such.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.images].every((img) => {
          const r = img.getBoundingClientRect();
          const inView = r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
          return !inView || img.complete;
        }),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        const frame = () => {
          if (window.scrollY === last) resolve();
          else {
            last = window.scrollY;
            requestAnimationFrame(frame);
          }
        };
        requestAnimationFrame(frame);
      }),
  );
}
