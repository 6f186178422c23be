import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's own build, read from the installed package: the suite never fetches it. */
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * axe-core's serious and critical findings on the page as it stands, one line each (rule, impact,
 * node, what to fix), for `expect(...).toEqual([])`.
 *
 * Left out, because they are not the shop's markup or colours, and only these:
 * - color-contrast between two of Telegram's theme colours as the client sent them (the page's
 *   --tg-theme-* values): the theme stays as Telegram paints it (its light link and button colour
 *   #2481cc reaches 4.12:1 on white, its hint colour #999999 2.84:1);
 * - color-contrast of text in one of those colours on telegram-ui's own translucent tint of the
 *   accent colour (--tgui--secondary_fill, behind its Button and IconButton in mode "bezeled"):
 *   the tint only deepens what Telegram's link colour already misses on a plain background, and
 *   reaching 4.5:1 there would mean repainting that colour.
 * Every other colour counts: the shop's own (the fallbacks, mixes and opacities of its style sheets)
 * and telegram-ui's fixed ones (such as its --tgui--secondary_hint_color), which the shop re-points.
 */
export async function axeFindings(page: Page, opts: { coloursOnly?: boolean } = {}): Promise<string[]> {
  // Through the DevTools protocol: the shop's Content-Security-Policy (script-src 'self') refuses
  // an inline <script>, which is what page.addScriptTag({ content }) would add.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (coloursOnly) => {
    type Axe = { run(context: object, options: object): Promise<AxeResults> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Screens kept alive while hidden are out of sight and out of the accessibility tree: skipping
    // them saves axe walking every card of the home and explore lists again.
    const { violations } = await axe.run(
      { exclude: [['.screen[hidden]']] },
      {
        resultTypes: ['violations'],
        ...(coloursOnly
          ? { runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } }
          : {}),
      },
    );

    const hex = (css: string) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = css;
      return String(probe.fillStyle).toLowerCase();
    };
    const rootStyle = document.documentElement.style;
    const themeColours = new Set<string>();
    for (let i = 0; i < rootStyle.length; i += 1) {
      const name = rootStyle.item(i);
      if (name.startsWith('--tg-theme-')) themeColours.add(hex(rootStyle.getPropertyValue(name).trim()));
    }
    const paintedBy = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)') return e;
      }
      return null;
    };
    /** The element's background is telegram-ui's --tgui--secondary_fill (read where it applies). */
    const onTelegramUiTint = (el: Element) => {
      const box = paintedBy(el);
      if (!box?.parentElement || !/\btgui-/.test(String(box.className))) return false;
      const probe = document.createElement('div');
      probe.style.background = 'var(--tgui--secondary_fill)';
      box.parentElement.appendChild(probe);
      const tint = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return getComputedStyle(box).backgroundColor === tint;
    };
    const notOurs = (rule: string, target: string, data: unknown) => {
      if (rule !== 'color-contrast') return false;
      const { fgColor, bgColor } = (data ?? {}) as { fgColor?: string; bgColor?: string };
      if (!fgColor || !themeColours.has(fgColor)) return false;
      if (bgColor && themeColours.has(bgColor)) return true;
      const el = document.querySelector(target);
      return el !== null && onTelegramUiTint(el);
    };

    return violations.flatMap((v) =>
      v.nodes
        .filter((n) => n.impact === 'serious' || n.impact === 'critical')
        .filter((n) => !notOurs(v.id, String(n.target[0]), n.any[0]?.data))
        .map((n) => {
          const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
          return `${v.id} (${n.impact}) ${n.target.join(' ')} ${html}: ${n.failureSummary?.replace(/\s+/g, ' ')}`;
        }),
    );
  }, opts.coloursOnly ?? false);
}

/**
 * Fails with axe-core's serious and critical findings on the page, if any (`screen` names it).
 * `coloursOnly`: only the rules on colours, for the same markup in another theme.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  opts: { coloursOnly?: boolean } = {},
): Promise<void> {
  expect(await axeFindings(page, opts), `axe on ${screen}`).toEqual([]);
}
