import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isUsableLink } from '@app/telegram/open-link';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * "Become a merchant" and "Seller panel" open their configured links the way Telegram wants them
 * opened (t.me links in Telegram, others in its browser, a new tab outside). Unconfigured, they are
 * not shown (the server answers empty links: tests/server/catalog-home).
 */
useRealServer({
  MERCHANT_URL: 'https://t.me/shop_merchants',
  SELLER_URL: 'https://seller.example.com/panel',
});

describe('which links count as configured', () => {
  it.each([
    ['', false],
    ['https://t.me/', false],
    ['https://t.me', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['https://t.me/shop_merchants', true],
    ['https://seller.example.com/panel', true],
  ])('%j: %s', (url, usable) => {
    expect(isUsableLink(url)).toBe(usable);
  });
});

describe('home links inside Telegram', () => {
  it('a t.me link opens in Telegram, another link in its browser', async () => {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/home');
    fireEvent.click(await screen.findByTestId('home-merchant-in'));
    await waitFor(() =>
      expect(client.callsOf('web_app_open_tg_link').at(-1)).toMatchObject({ path_full: '/shop_merchants' }),
    );
    fireEvent.click(screen.getByTestId('home-seller-panel'));
    await waitFor(() =>
      expect(client.callsOf('web_app_open_link').at(-1)).toMatchObject({
        url: 'https://seller.example.com/panel',
      }),
    );
  });
});

describe('home links in a plain browser', () => {
  it('opens the link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await startApp('/home');
    fireEvent.click(await screen.findByTestId('home-merchant-in'));
    expect(open).toHaveBeenCalledWith('https://t.me/shop_merchants', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});
