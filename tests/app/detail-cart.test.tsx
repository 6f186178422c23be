import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { paths } from '../../common/paths';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { addToBag, cartRows, telegramShopper, useSmallShop } from './support/shop-fixture';
import { startApp } from './support/start-app';
import { fakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * The product page's "Add to bag", "Buy now" and bag link against the real server: the quantity and spec go
 * with them, a success taps the haptic engine and updates the bag's count, a visitor is asked to
 * log in first (tests/app/address.test.tsx, in a plain browser), and "Buy now" opens the checkout with the product, spec and number.
 */
const server = useRealServer();
const shop = useSmallShop(server);
afterEach(() => {
  vi.restoreAllMocks();
});

async function openProduct(productId: number) {
  const shopper = await telegramShopper(server.api);
  const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user });
  await startApp(paths.detail.href(productId));
  await screen.findByTestId('detail-num-value');
  await waitFor(() => expect(sdk.secondaryButton.isVisible()).toBe(true));
  return { ...shopper, client };
}

/** Telegram's secondary button, "Add to bag", once it can be pressed. */
async function pressAdd() {
  await waitFor(() =>
    expect(sdk.secondaryButton.isEnabled() && !sdk.secondaryButton.isLoaderVisible()).toBe(true),
  );
  await act(async () => sdk.emitEvent('secondary_button_pressed'));
}

/** Telegram's main button, "Buy now". */
async function pressBuy() {
  await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
  await act(async () => sdk.emitEvent('main_button_pressed'));
}

describe('detail: the two actions on Telegram’s buttons (Mini Apps 7.10)', () => {
  it('main "Buy now", secondary "Add to bag" to its left; the page keeps only the bag link', async () => {
    const { client } = await openProduct(shop.lamp);
    expect(sdk.mainButton.text()).toBe(en.cart.buyNow);
    expect(sdk.secondaryButton.text()).toBe(en.cart.addToBag);
    expect(client.callsOf('web_app_setup_secondary_button').at(-1)).toMatchObject({
      text: en.cart.addToBag,
      is_visible: true,
      is_active: true,
      position: 'left',
    });
    expect(screen.queryByTestId('detail-add')).toBeNull();
    expect(screen.queryByTestId('detail-buy')).toBeNull();
    expect(screen.getByTestId('detail-bag')).toBeTruthy();
    // Leaving the product takes both away.
    fireEvent.click(screen.getByTestId('detail-bag'));
    await waitFor(() => expect(sdk.secondaryButton.isVisible()).toBe(false));
    expect(sdk.mainButton.isVisible()).toBe(false);
  });
});

describe('detail: add to bag', () => {
  it('adds the chosen quantity, taps the haptic engine and updates the count; the bag tab shows it', async () => {
    const { client, id, token } = await openProduct(shop.lamp);
    await addToBag(server.api, token, { product_id: shop.mug });
    fireEvent.click(screen.getByTestId('detail-num-plus'));
    fireEvent.click(screen.getByTestId('detail-num-plus'));
    expect(screen.getByTestId('detail-num-value').textContent).toBe('3');
    await pressAdd();
    await waitFor(async () =>
      expect((await cartRows(server.api, id)).find((r) => r.productId === shop.lamp)?.num).toBe(3),
    );
    expect((await screen.findByTestId('toast')).textContent).toBe(en.cart.added);
    await waitFor(() => expect(screen.getByTestId('detail-bag-count').getAttribute('data-value')).toBe('4'));
    expect(client.callsOf('web_app_trigger_haptic_feedback')).toContainEqual(
      expect.objectContaining({ type: 'impact' }),
    );

    // The tab bar's count is the same cart: no second look at the server needed to show it.
    fireEvent.click(screen.getByTestId('detail-bag'));
    await waitFor(() => expect(window.location.pathname).toBe('/bag'));
    expect((await screen.findByTestId('bag-badge')).getAttribute('data-value')).toBe('4');
  });

  it('a product with specs asks for the spec first, then adds that spec', async () => {
    const { id } = await openProduct(shop.shirt);
    await pressAdd();
    expect((await screen.findByTestId('toast')).textContent).toContain('Colour');
    expect(await cartRows(server.api, id)).toEqual([]);
    fireEvent.click(screen.getByTestId('detail-spec-colour-red'));
    fireEvent.click(screen.getByTestId('detail-spec-size-M'));
    await pressAdd();
    await waitFor(async () =>
      expect((await cartRows(server.api, id)).map((r) => [r.productId, r.specId, r.num])).toEqual([
        [shop.shirt, shop.red, 1],
      ]),
    );
  });

  it("more than the stock is refused with the server's message", async () => {
    const { id, token } = await openProduct(shop.lamp);
    await addToBag(server.api, token, { product_id: shop.lamp, num: 5 });
    await pressAdd();
    expect((await screen.findByTestId('toast')).textContent).toBe('Only 5 left');
    expect((await cartRows(server.api, id)).map((r) => r.num)).toEqual([5]);
  });
});

describe('detail: the bag link', () => {
  it("opens the bag with Telegram's back button, back to the product; the bag from the tab bar has none", async () => {
    const { client } = await openProduct(shop.lamp);
    const backShown = () => client.callsOf('web_app_setup_back_button').at(-1)?.is_visible;
    // The bag is kept alive: shown once its screen is no longer the hidden one.
    const bagShown = () =>
      waitFor(() => {
        expect(window.location.pathname).toBe(paths.bag.href());
        expect(screen.getByTestId('bag-empty').closest('[hidden]')).toBeNull();
      });
    await waitFor(() => expect(backShown()).toBe(true));
    fireEvent.click(screen.getByTestId('detail-bag'));
    // The bag is a tab (its bar shows), yet opened from the product it leads back there.
    await bagShown();
    expect(screen.getByTestId('tab-bag')).toBeTruthy();
    expect(sdk.backButton.isVisible()).toBe(true);
    expect(backShown()).toBe(true);
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await waitFor(() => expect(window.location.pathname).toBe(paths.detail.href(shop.lamp)));
    await screen.findByTestId('detail-num-value');
    expect(sdk.backButton.isVisible()).toBe(true);

    // Again to the bag, then tab to tab: home and the bag from the tab bar are tab roots, no back.
    fireEvent.click(screen.getByTestId('detail-bag'));
    await bagShown();
    expect(sdk.backButton.isVisible()).toBe(true);
    fireEvent.click(screen.getByTestId('tab-home'));
    await waitFor(() => expect(window.location.pathname).toBe(paths.home.href()));
    await waitFor(() => expect(backShown()).toBe(false));
    fireEvent.click(screen.getByTestId('tab-bag'));
    await bagShown();
    expect(sdk.backButton.isVisible()).toBe(false);
  });
});

describe('detail: buy now', () => {
  it('opens the checkout with the product, spec and number', async () => {
    await openProduct(shop.shirt);
    fireEvent.click(screen.getByTestId('detail-spec-colour-red'));
    fireEvent.click(screen.getByTestId('detail-spec-size-M'));
    fireEvent.click(screen.getByTestId('detail-num-plus'));
    const push = vi.spyOn(window.history, 'pushState');
    await pressBuy();
    const expected = paths.checkout.buyNow({ productId: shop.shirt, specId: shop.red, number: 2 });
    await waitFor(() => expect(push.mock.calls.map((c) => c[2])).toContain(expected));
    expect(paths.checkout.parseBuyNow(expected.split('?')[1])).toEqual({
      productId: shop.shirt,
      specId: shop.red,
      number: 2,
    });
  });
});
