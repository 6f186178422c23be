import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { fakeTelegram } from './support/telegram-client';

/**
 * A product's pictures open full size from its gallery, inside the mocked Telegram client: the
 * viewer starts at the picture tapped, names each picture, asks Telegram for the full screen (Mini
 * Apps 8.0) and gives it back when it closes. The swipe itself needs a layout: the browser suite
 * swipes (tests/e2e/catalog.test.ts).
 */
const IMAGES = ['/img/product/7/0', '/img/product/7/1', '/img/product/7/2'];

async function openGallery(version?: string) {
  const client = fakeTelegram({ version });
  const { finishTelegram, initTelegram } = await import('../../src/telegram/init');
  await initTelegram();
  finishTelegram();
  const { loadLaterTexts } = await import('../../src/i18n');
  await loadLaterTexts();
  const { Gallery } = await import('../../src/features/catalog/components/Gallery');
  render(
    <MemoryRouter>
      <Gallery images={IMAGES} title="Blue teapot" />
    </MemoryRouter>,
  );
  return client;
}

describe('the product pictures full size', () => {
  it('open at the picture tapped, full size, on Telegram’s full screen; the close button gives it back', async () => {
    const client = await openGallery();
    expect(screen.queryByTestId('picture-viewer')).toBeNull();
    fireEvent.click(screen.getAllByTestId('gallery-open')[1]);
    const viewer = screen.getByRole('dialog', { name: 'Blue teapot' });
    expect(within(viewer).getByTestId('picture-viewer-counter').textContent).toBe('2/3');
    const slides = within(viewer).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Picture 1 of 3',
      'Picture 2 of 3',
      'Picture 3 of 3',
    ]);
    expect(viewer.querySelectorAll('img')[2].getAttribute('src')).toBe('/img/product/7/2?w=1200');
    expect(client.callsOf('web_app_request_fullscreen')).toHaveLength(1);
    expect(client.callsOf('web_app_exit_fullscreen')).toHaveLength(0);

    fireEvent.click(within(viewer).getByRole('button', { name: en.review.close }));
    expect(screen.queryByTestId('picture-viewer')).toBeNull();
    expect(client.callsOf('web_app_exit_fullscreen')).toHaveLength(1);
  });

  it('each picture of the gallery is a button named for screen readers; Escape and a tap on the picture close', async () => {
    await openGallery();
    const buttons = screen.getAllByRole('button', { name: /open full size/ });
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[0]);
    expect(screen.getByTestId('picture-viewer-counter').textContent).toBe('1/3');
    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByTestId('picture-viewer')).toBeNull();
    fireEvent.click(buttons[2]);
    fireEvent.click(within(screen.getByTestId('picture-viewer')).getAllByRole('group')[2]);
    expect(screen.queryByTestId('picture-viewer')).toBeNull();
  });

  it('a client older than 8.0 shows them in the app’s own screen, without asking for the full screen', async () => {
    const client = await openGallery('7.10');
    fireEvent.click(screen.getAllByTestId('gallery-open')[0]);
    expect(screen.getByTestId('picture-viewer')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(client.callsOf('web_app_request_fullscreen')).toHaveLength(0);
    expect(client.callsOf('web_app_exit_fullscreen')).toHaveLength(0);
  });
});
