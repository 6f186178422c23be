import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Lang } from '@common/languages';
import type { UserInfo } from '@common/schemas/user';
import type en from '@locales/en-US.json';
import { ROOT } from './shop';

export type Locale = typeof en;

/** A locale file as the app ships it: the expected texts come from here, never typed in a test. */
export function locale(lang: Lang): Locale {
  return JSON.parse(readFileSync(path.join(ROOT, 'locales', `${lang}.json`), 'utf8')) as Locale;
}

/** Asks the server directly who a token belongs to (the envelope's code, and the user info). */
export async function userInfo(baseUrl: string, token: string): Promise<{ code: number; data: UserInfo }> {
  const res = await fetch(`${baseUrl}/api/user/getUserInfo`, { headers: { token } });
  return (await res.json()) as { code: number; data: UserInfo };
}

/** Waits until the page's URL path is `pathname` (the app navigates client-side). */
export async function waitForPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
  // The address changes first; the screen before stays shown until the new one's code is in
  // (React keeps it while the lazy screen loads). A locator for "the screen on show" read in
  // between finds the old one, and Playwright then waits on a card that is about to be hidden.
  await page
    .locator(`.screen:not([hidden])[data-pathname="${pathname}"]`)
    .waitFor({ state: 'attached', timeout });
}

/** Waits for document.title to be the translated route title (the layout appends " · SHOP"). */
export async function waitForTitle(page: Page, title: string, timeout = 10_000): Promise<void> {
  await page
    .waitForFunction((title) => document.title.split(' · ')[0] === title, title, { timeout })
    .catch(async (err: Error) => {
      throw new Error(`Expected the page title "${title}", found "${await page.title()}": ${err.message}`);
    });
}
