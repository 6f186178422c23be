import { beforeAll, describe, expect, it } from 'vitest';
import { fakeTelegram, type FakeTelegram } from './support/telegram-client';

type Env = typeof import('../../src/telegram/env').tgEnv;

/**
 * Launch parameters are read once at start-up, vertical swipes are disabled so pull-to-refresh does
 * not close the app, and the theme's CSS variables are bound; readiness and the rest follow the
 * first paint. The SDK mounts each component once
 * per page, so one launch serves every check below.
 */
describe('Telegram start-up inside a (mocked) Telegram client', () => {
  let client: FakeTelegram;
  let tgEnv: Env;
  let afterInit: string[];

  beforeAll(async () => {
    client = fakeTelegram({ startParam: 'product-17' });
    const { finishTelegram, initTelegram } = await import('../../src/telegram/init');
    ({ tgEnv } = await import('../../src/telegram/env'));
    await initTelegram();
    afterInit = client.calls.map((c) => c.method);
    finishTelegram();
  });

  it('leaves what the first render does not read until after it (readiness, swipes, viewport)', () => {
    expect(afterInit).not.toHaveLength(0);
    for (const later of ['web_app_ready', 'web_app_setup_swipe_behavior', 'web_app_set_header_color'])
      expect(afterInit).not.toContain(later);
  });

  it('knows it runs inside Telegram', () => {
    expect(tgEnv.inTelegram).toBe(true);
    expect(tgEnv.platform).toBe('android');
  });

  it('keeps the raw init data byte for byte, as signed (the server checks its hash)', () => {
    expect(tgEnv.initDataRaw).toBe(client.initData);
  });

  it('reads the start parameter and the user from the launch', () => {
    expect(tgEnv.startParam).toBe('product-17');
    expect(tgEnv.languageCode).toBe('de');
    expect(tgEnv.userName).toBe('Maria Tester');
  });

  it('disables vertical swipes', () => {
    expect(client.callsOf('web_app_setup_swipe_behavior')).toContainEqual({ allow_vertical_swipe: false });
  });

  it("binds Telegram's theme to CSS variables", () => {
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-button-color')).toBe('#2481cc');
  });

  it('tells Telegram the app is ready', () => {
    expect(client.calls.map((c) => c.method)).toContain('web_app_ready');
  });
});

describe('Telegram start-up in a plain browser', () => {
  it('stays outside Telegram when no launch parameters exist', async () => {
    const { initTelegram } = await import('../../src/telegram/init');
    const { tgEnv } = await import('../../src/telegram/env');
    await initTelegram();
    expect(tgEnv.inTelegram).toBe(false);
    expect(tgEnv.initDataRaw).toBe('');
  });
});
