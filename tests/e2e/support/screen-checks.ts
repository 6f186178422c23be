import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Lang } from '../../../common/languages';
import { telegramContext, type TelegramContext } from './browser';
import { E2E_BOT_TOKEN, ROOT, type RunningShop } from './shop';
import { TG_USER, type ThemeName } from './telegram';

/**
 * What the screen checks of the browser suite share (tests/e2e/shopper.test.ts and
 * tests/e2e/screens.test.ts): new shoppers, the screen on show, and what must not be on it.
 */

/** Opens fresh Telegram shoppers, each with its own user id from `firstId` on. */
export function shoppers(browser: () => Browser, shop: () => RunningShop, firstId: number) {
  let nextId = firstId;
  /** A fresh Telegram shopper speaking `lang`, logged in silently when a page opens. */
  return (lang: Lang, theme: ThemeName = 'light'): Promise<TelegramContext> => {
    nextId += 1;
    return telegramContext(browser(), {
      baseUrl: shop().url,
      botToken: E2E_BOT_TOKEN,
      theme,
      user: { ...TG_USER, id: nextId, language_code: lang.slice(0, 2) },
    });
  };
}

/** The screen on show (kept-alive screens stay in the page, hidden). */
export const screenNow = (page: Page) => page.locator('.screen:not([hidden])');

/**
 * What the page holds, for a failure's message: the address, each screen (hidden or not, its
 * product cards, its first words) and the first product card's ancestors with their display,
 * visibility and size.
 */
export function describeScreens(page: Page): Promise<string> {
  return page.evaluate(() => {
    const screens = [...document.querySelectorAll<HTMLElement>('.screen')].map((el) => ({
      hidden: el.hidden,
      cards: el.querySelectorAll('[data-testid^="product-card-"]').length,
      text: el.innerText.slice(0, 120),
    }));
    const chain: string[] = [];
    const card = document.querySelector('.screen:not([hidden]) [data-testid^="product-card-"]');
    for (let e = card as HTMLElement | null; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const box = e.getBoundingClientRect();
      chain.push(
        `${e.tagName}.${e.className} ${style.display}/${style.visibility}/${style.opacity} ` +
          `${box.width}x${box.height}@${box.x},${box.y} checkVisibility=${e.checkVisibility()}`,
      );
    }
    const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    return JSON.stringify(
      {
        at: location.pathname + location.search,
        visibility: document.visibilityState,
        scrollY,
        screens,
        chain,
        atCentre: hit ? `${hit.tagName}.${hit.className}` : null,
      },
      null,
      1,
    );
  });
}

export async function openHome(page: Page, url: string) {
  await page.goto(url);
  await screenNow(page).locator('[data-testid^="home-category-"]').first().waitFor();
  await screenNow(page).locator('[data-testid^="product-card-"]').first().waitFor();
}

/** Every class the built app's stylesheets style (read once from dist/assets). */
let builtClasses: string[] | undefined;
function classesOfBuild(): string[] {
  if (!builtClasses) {
    const assets = path.join(ROOT, 'dist', 'assets');
    const names = new Set<string>();
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.css')))
      for (const [, selector] of readFileSync(path.join(assets, file), 'utf8').matchAll(/([^{}]+)\{/g))
        for (const [, name] of selector.matchAll(/\.([a-zA-Z_][\w-]*)/g)) names.add(name);
    builtClasses = [...names];
  }
  return builtClasses;
}

/**
 * Classes on the screen shown that the app's stylesheets style but none of the stylesheets this page
 * has loaded does: a screen opened cold (by its address) whose styles come with another screen.
 */
export function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate((built) => {
    const styled = new Set(built);
    const loaded = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const [, name] of rule.selectorText.matchAll(/\.([a-zA-Z_][\w-]*)/g)) loaded.add(name);
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    const missing = new Set<string>();
    for (const el of document.querySelectorAll('.screen:not([hidden]) [class]'))
      for (const name of el.classList) if (styled.has(name) && !loaded.has(name)) missing.add(name);
    return [...missing];
  }, classesOfBuild());
}

/** Texts on show whose computed size is under 12 px (each with its size). */
export function smallTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || el.closest('[hidden],[aria-hidden="true"]')) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 12) small.push(`${text} (${size}px)`);
    }
    return small;
  });
}

/**
 * What reaches past the right edge: the page itself scrolling sideways, or an element of the screen
 * on show sticking out of it (unless a scroller of the screen, such as a carousel, holds it).
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth > width ? ['the page scrolls sideways'] : [];
    const heldByScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('.screen:not([hidden]) *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && !heldByScroller(el)) {
        wide.push(`${el.tagName.toLowerCase()}.${String(el.className)} (right ${Math.round(r.right)})`);
      }
    }
    return wide;
  });
}
