import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { LATER_SECTIONS } from '../../src/i18n/later-sections';
import { SERVER_ONLY_SECTIONS } from '../../src/i18n/server-only';
import { addToBag, useSmallShop } from './support/shop-fixture';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The first screen's language file leaves out the sections of src/i18n/later-sections.ts (the
 * app's build moves them to a second file). Here the language starts without them, as in the
 * browser: the tab roots must show none of their keys, and any other screen loads them before it
 * renders.
 */
const server = useRealServer();
const shop = useSmallShop(server);

const translation = () =>
  (i18next.store.data['en-US'] as { translation: Record<string, unknown> }).translation;

beforeEach(() => {
  const texts = translation();
  for (const section of LATER_SECTIONS) delete texts[section];
});

/** Every "<later section>.<key>" the page shows or names (labels, titles): a text asked for before its file came. */
const laterKeysShown = () => {
  const attributes = [...document.body.querySelectorAll('*')].flatMap((el) =>
    [...el.attributes].map((a) => a.value),
  );
  const text = [document.body.textContent ?? '', ...attributes].join('\n');
  return LATER_SECTIONS.flatMap((s) =>
    [...text.matchAll(new RegExp(`${s}\\.[\\w.]+`, 'g'))].map((m) => m[0]),
  );
};

/** The page has settled: no spinner left, and something of the screen drawn. */
const settled = () =>
  waitFor(() => {
    expect(document.querySelector('[class*="spinner"], [class*="Spinner"]')).toBeNull();
    expect(document.querySelector('.screen')?.textContent?.length ?? 0).toBeGreaterThan(20);
  });

describe('later texts: which sections', () => {
  it('are real app sections of the locale files, not server-only ones', () => {
    const present = LATER_SECTIONS.filter((s) => Object.hasOwn(en, s));
    expect(present.length).toBeGreaterThan(5);
    for (const section of LATER_SECTIONS)
      expect((SERVER_ONLY_SECTIONS as readonly string[]).includes(section), section).toBe(false);
  });
});

describe('later texts: the tab roots show none of their keys', () => {
  it('home and explore, signed out', async () => {
    await startApp('/home');
    await settled();
    expect(laterKeysShown()).toEqual([]);
    window.history.pushState(null, '', '/explore');
    fireEvent(window, new PopStateEvent('popstate'));
    await settled();
    expect(laterKeysShown()).toEqual([]);
  });

  it.each(['/bag', '/profile'])('%s, signed in with a bag', async (path) => {
    const { token } = await server.api.register(`later_${path.slice(1)}`);
    await addToBag(server.api, token, { product_id: shop.lamp });
    await storeToken(token);
    await startApp(path);
    await settled();
    expect(laterKeysShown()).toEqual([]);
    // The test removed them: a tab root did not need them back.
    expect(Object.hasOwn(translation(), 'walletScreens')).toBe(false);
  });
});

describe('later texts: another screen waits for them', () => {
  it('/security loads the sections before it renders, and shows its own texts', async () => {
    const { token } = await server.api.register('later_setting');
    await storeToken(token);
    expect(Object.hasOwn(translation(), 'security')).toBe(false);
    await startApp('/security');
    await screen.findByText(en.security.loginPassword);
    expect(laterKeysShown()).toEqual([]);
    expect(Object.hasOwn(translation(), 'security')).toBe(true);
  });
});
