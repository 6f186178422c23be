import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Lang } from '@common/languages';
import type { TelegramTestUser } from '../../support/telegram';
import { telegramContext, type TelegramContext } from './browser';
import { E2E_BOT_TOKEN, ROOT, type RunningShop } from './shop';
import { TG_USER, type ThemeName } from './telegram';

/**
 * What the screen checks of the browser suite share (tests/e2e/shopper.test.ts and
 * tests/e2e/support/screen-tour.ts): new shoppers, the screen on show, and what must not be on it.
 */

/** Opens fresh Telegram shoppers, each with its own user id from `firstId` on. */
export function shoppers(browser: () => Browser, shop: () => RunningShop, firstId: number) {
  let nextId = firstId;
  /** A fresh Telegram shopper speaking `lang`, logged in silently when a page opens. */
  return async (
    lang: Lang,
    theme: ThemeName = 'light',
  ): Promise<TelegramContext & { user: TelegramTestUser }> => {
    nextId += 1;
    const user = { ...TG_USER, id: nextId, language_code: lang.slice(0, 2) };
    const tg = await telegramContext(browser(), {
      baseUrl: shop().url,
      botToken: E2E_BOT_TOKEN,
      theme,
      user,
    });
    return { ...tg, user };
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

/**
 * Words on show that a line break cuts in two: each word of each text (Intl.Segmenter in
 * the text's language, so Thai, Japanese and Chinese words too) must lie on one line. A break after
 * a hyphen, a slash or a zero-width space is a break between words. Headless Chromium has no
 * hyphenation dictionaries, so a word it splits was split by `overflow-wrap` or `word-break`, not
 * hyphenated: the check fails on exactly the breaks a shopper reads as broken.
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const segmenters = new Map<string, Intl.Segmenter>();
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const el = text.parentElement;
      if (!el || !text.data.trim() || el.closest('[hidden],[aria-hidden="true"],script,style')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A text on one line breaks no word: only texts over several lines are read word by word.
      range.selectNodeContents(text);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!lines.some((r) => r.top >= lines[0].bottom - 2)) continue;
      const lang = el.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || 'en';
      let segmenter = segmenters.get(lang);
      if (!segmenter) {
        segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
        segmenters.set(lang, segmenter);
      }
      // The word joiners src/i18n/word-breaks.ts puts inside words would cut them for the
      // segmenter's dictionary: words are found in the text without them, then mapped back.
      const offsets: number[] = [];
      let bare = '';
      for (let i = 0; i < text.data.length; i += 1) {
        if (text.data[i] === '\u2060') continue;
        offsets.push(i);
        bare += text.data[i];
      }
      offsets.push(text.data.length);
      for (const word of segmenter.segment(bare)) {
        if (!word.isWordLike) continue;
        let at = word.index;
        for (const part of word.segment.split(/(?<=[-\u2010/\u00ad\u200b])/)) {
          range.setStart(text, offsets[at]);
          range.setEnd(text, offsets[at + part.length - 1] + 1);
          at += part.length;
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          const first = rects[0];
          if (first && rects.some((r) => r.top >= first.bottom - 2)) {
            broken.push(
              `"${part.replace(/\u200b/g, '')}" in ${el.tagName.toLowerCase()}.${String(el.className)}`,
            );
          }
        }
      }
    }
    return broken;
  });
}

/**
 * Texts on show that are cut: an ellipsis on a line that does not hold the text, lines clamped
 * below what the text needs, a placeholder wider than its field.
 */
export function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.className)}`;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('[hidden],[aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      const text = el.textContent?.trim() ?? '';
      if (text && style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
        cut.push(`"${text}" ends in an ellipsis (${name(el)})`);
      }
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      if (text && clamp && clamp !== 'none' && el.scrollHeight > el.clientHeight + 1) {
        cut.push(`"${text}" is clamped to ${clamp} lines (${name(el)})`);
      }
      if (el instanceof HTMLInputElement && el.placeholder && !el.value) {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) continue;
        context.font = style.font;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (context.measureText(el.placeholder).width > room + 1) {
          cut.push(`the placeholder "${el.placeholder}" is wider than its field (${name(el)})`);
        }
      }
    }
    return cut;
  });
}

/** Identifiers on show (order and tracking numbers, addresses: `.identifier`) on more than one line. */
export function wrappedIdentifiers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    const range = document.createRange();
    for (const el of document.querySelectorAll<HTMLElement>('.identifier')) {
      if (el.closest('[hidden],[aria-hidden="true"]') || !el.textContent?.trim()) continue;
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      const first = rects[0];
      if (first && rects.some((r) => r.top >= first.bottom - 2)) wrapped.push(el.textContent.trim());
    }
    return wrapped;
  });
}

/** The home screen's category names that run past the screen or their cell, or are cut. */
export function categoryNamesOutside(page: Page): Promise<string[]> {
  return screenNow(page)
    .locator('[data-testid^="home-category-"]')
    .evaluateAll((items) =>
      items
        .filter((item) => {
          const name = item.querySelector('.category-grid__name') as HTMLElement;
          const r = name.getBoundingClientRect();
          const cell = item.getBoundingClientRect();
          const inside =
            r.left >= 0 &&
            r.right <= window.innerWidth &&
            r.left >= cell.left - 1 &&
            r.right <= cell.right + 1;
          const cut = name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1;
          return !inside || cut;
        })
        .map((item) => item.textContent ?? ''),
    );
}

/** How many categories each row of the home screen's grid holds. */
export function categoryRows(page: Page): Promise<number[]> {
  return screenNow(page)
    .locator('[data-testid^="home-category-"]')
    .evaluateAll((items) => {
      const rows = new Map<number, number>();
      for (const item of items) {
        const top = Math.round(item.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? 0) + 1);
      }
      return [...rows].sort(([a], [b]) => a - b).map(([, count]) => count);
    });
}

/**
 * Every API answer that says "no session" (HTTP 401, or the envelope's code 401) while the page
 * lives: a call made before Telegram's silent login finished, or with a token the server refused.
 */
export function watchUnauthorized(page: Page): () => Promise<string[]> {
  const seen: Promise<string | null>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    seen.push(
      (async () => {
        const sent = res.request().headers().token ? 'with a token' : 'without a token';
        if (res.status() === 401) return `${url.pathname} ${sent}: HTTP 401`;
        const type = (await res.headerValue('content-type')) ?? '';
        if (!type.includes('json')) return null;
        const body = (await res.json().catch(() => null)) as { code?: number } | null;
        return body?.code === 401
          ? `${url.pathname} ${sent}: code 401 (on ${new URL(page.url()).pathname})`
          : null;
      })().catch(() => null),
    );
  });
  return async () => (await Promise.all(seen)).filter((s): s is string => s !== null);
}

/**
 * Fields on show without a placeholder (a password, a payment password's cells) whose box has no
 * visible edge: the outline (a box shadow or a border of the field's box) against the background
 * behind it below 3:1 (WCAG 1.4.11), so that empty, nothing shows where to type. Answers each such
 * field's name with the contrast found. (A placeholder, as in the search field, shows the field.)
 */
export function faintFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?\)/.exec(c);
      if (m)
        return { rgb: [Number(m[1]), Number(m[2]), Number(m[3])], a: m[4] === undefined ? 1 : Number(m[4]) };
      const s = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/.exec(c);
      return s
        ? { rgb: [1, 2, 3].map((i) => Number(s[i]) * 255), a: s[4] === undefined ? 1 : Number(s[4]) }
        : null;
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const behind = (el: Element | null) => {
      for (let node = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg && bg.a > 0.5) return bg.rgb;
      }
      return [255, 255, 255];
    };
    const faint: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file])',
    )) {
      const box = input.getBoundingClientRect();
      if (input.placeholder || input.closest('[hidden],[aria-hidden="true"]')) continue;
      if (box.width === 0 && !input.parentElement?.getBoundingClientRect().width) continue;
      let best = 1;
      for (let node: Element | null = input; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        const edges = [
          ...(style.boxShadow === 'none' ? [] : [style.boxShadow]),
          ...(parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none'
            ? [style.borderTopColor]
            : []),
        ];
        const bg = behind(node.parentElement);
        for (const edge of edges) {
          const color = parse(edge);
          if (!color) continue;
          const mixed = color.rgb.map((v, i) => v * color.a + bg[i] * (1 - color.a));
          const [hi, lo] = [luminance(mixed), luminance(bg)].sort((a, b) => b - a);
          best = Math.max(best, (hi + 0.05) / (lo + 0.05));
        }
        if (node.classList.contains('field') || node.tagName === 'FORM') break;
      }
      if (best < 3) faint.push(`${input.name || input.type} (${best.toFixed(2)}:1)`);
    }
    return faint;
  });
}
