import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { products } from '../../server/db/schema';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { addToBag, cartRows, telegramShopper, useSmallShop } from './support/shop-fixture';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * /bag inside a (mocked) Telegram client against the real server: lines by shop, the unavailable
 * ones apart, select boxes driving Telegram's main button, the stepper and delete reaching the
 * server, and the count on the bag tab.
 */
const server = useRealServer();
const shop = useSmallShop(server);
afterEach(() => {
  vi.restoreAllMocks();
});

/** The main button as the client was last told to show it. */
const lastMainButton = (client: FakeTelegram) => client.callsOf('web_app_setup_main_button').at(-1);
/** A Telegram shopper whose bag holds a lamp and a shirt (shop A), two mugs (shop B) and a vase gone off sale. */
async function shopperWithBag() {
  const shopper = await telegramShopper(server.api);
  const db = server.api.database.db;
  await db.update(products).set({ onSale: true }).where(eq(products.id, shop.vase));
  await addToBag(server.api, shopper.token, { product_id: shop.lamp });
  await addToBag(server.api, shopper.token, { product_id: shop.shirt, spec_id: shop.red });
  await addToBag(server.api, shopper.token, { product_id: shop.mug, num: 2 });
  const vase = await addToBag(server.api, shopper.token, { product_id: shop.vase });
  await db.update(products).set({ onSale: false }).where(eq(products.id, shop.vase));
  const ids = Object.fromEntries(
    [...vase.shops.flatMap((s) => s.lines)].map((l) => [l.productId, l.id]),
  ) as Record<number, number>;
  return { ...shopper, ids };
}

async function openBag() {
  const bag = await shopperWithBag();
  const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: bag.user });
  await startApp('/bag');
  await screen.findByTestId(`bag-shop-${shop.shopA}`);
  return { ...bag, client };
}

describe('bag: what is in it', () => {
  it('lines grouped by shop, the unavailable apart, the total, the count on the tab and the main button', async () => {
    const { client, ids } = await openBag();
    const shopA = screen.getByTestId(`bag-shop-${shop.shopA}`);
    expect(within(shopA).getByText('Alpha Store')).toBeTruthy();
    expect(within(shopA).getByTestId(`bag-line-${ids[shop.lamp]}`).textContent).toContain('Desk Lamp');
    expect(within(shopA).getByTestId(`bag-line-${ids[shop.shirt]}`).textContent).toContain('Red / M');
    expect(within(screen.getByTestId(`bag-shop-${shop.shopB}`)).getByText('Tea Mug')).toBeTruthy();
    const unavailable = screen.getByTestId('bag-unavailable');
    expect(within(unavailable).getByText('Glass Vase')).toBeTruthy();
    expect(within(unavailable).getByText(en.cart.offSale)).toBeTruthy();
    expect(within(unavailable).queryByRole('checkbox')).toBeNull();
    // 19.90 + 25.00 + 2 x 4.00; five units in the bag, four of them selected.
    expect(screen.getByTestId('bag-total').textContent).toBe('$52.90');
    expect((await screen.findByTestId('bag-badge')).getAttribute('data-value')).toBe('5');
    await waitFor(() =>
      expect(lastMainButton(client)).toMatchObject({
        text: 'Check out (4)',
        is_visible: true,
        is_active: true,
      }),
    );
  });
});

describe('bag: selecting', () => {
  it('nothing selected disables the main button; one line selected enables it, kept on the server', async () => {
    const { client, ids, id } = await openBag();
    fireEvent.click(screen.getByTestId('bag-select-all'));
    await waitFor(() => expect(lastMainButton(client)).toMatchObject({ is_active: false }));
    expect(screen.getByTestId('bag-total').textContent).toBe('$0.00');
    expect((await cartRows(server.api, id)).filter((r) => r.selected)).toEqual([]);

    fireEvent.click(screen.getByTestId(`bag-line-${ids[shop.mug]}-select`));
    await waitFor(() =>
      expect(lastMainButton(client)).toMatchObject({ text: 'Check out (2)', is_active: true }),
    );
    expect((await cartRows(server.api, id)).filter((r) => r.selected).map((r) => r.productId)).toEqual([
      shop.mug,
    ]);

    fireEvent.click(screen.getByTestId(`bag-shop-${shop.shopA}-select`));
    await waitFor(() => expect(lastMainButton(client)).toMatchObject({ text: 'Check out (4)' }));

    // Checking out opens the checkout, which reads the selection from the server.
    const push = vi.spyOn(window.history, 'pushState');
    await act(async () => sdk.emitEvent('main_button_pressed'));
    await waitFor(() => expect(push.mock.calls.map((c) => c[2])).toContain('/checkout'));
  });
});

describe('bag: quantity and delete', () => {
  it('the stepper sends each new quantity; at the stock "+" stops and says how many are left', async () => {
    const { ids, id } = await openBag();
    const lamp = `bag-line-${ids[shop.lamp]}`;
    const numOfLamp = async () =>
      (await cartRows(server.api, id)).find((r) => r.productId === shop.lamp)?.num;
    for (let n = 2; n <= 5; n++) {
      await waitFor(() =>
        expect(screen.getByTestId(`${lamp}-num-plus`).hasAttribute('disabled')).toBe(false),
      );
      fireEvent.click(screen.getByTestId(`${lamp}-num-plus`));
      await waitFor(() => expect(screen.getByTestId(`${lamp}-num-value`).textContent).toBe(String(n)));
      expect(await numOfLamp()).toBe(n);
    }
    expect(screen.getByTestId(`${lamp}-num-plus`).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(`${lamp}-left`).textContent).toBe('Only 5 left');
    expect(screen.getByTestId('bag-total').textContent).toBe('$132.50');
  });

  it("a quantity the stock no longer allows shows the server's message and the stock as it is now", async () => {
    const { ids, id } = await openBag();
    const lamp = `bag-line-${ids[shop.lamp]}`;
    const numOfLamp = async () =>
      (await cartRows(server.api, id)).find((r) => r.productId === shop.lamp)?.num;
    for (const n of ['2', '3']) {
      fireEvent.click(screen.getByTestId(`${lamp}-num-plus`));
      await waitFor(() => expect(screen.getByTestId(`${lamp}-num-value`).textContent).toBe(n));
    }
    // Someone else bought most of them meanwhile: the screen still thinks 5 are left.
    await server.api.database.db.update(products).set({ stock: 1 }).where(eq(products.id, shop.lamp));
    try {
      fireEvent.click(screen.getByTestId(`${lamp}-num-plus`));
      expect((await screen.findByTestId('toast')).textContent).toBe('Only 1 left');
      await waitFor(() => expect(screen.getByTestId(`${lamp}-left`).textContent).toBe('Only 1 left'));
      expect(screen.getByTestId(`${lamp}-num-plus`).hasAttribute('disabled')).toBe(true);
      expect(await numOfLamp()).toBe(3);
      // Fewer left than the line holds: one tap on "−" brings it down to what is left.
      fireEvent.click(screen.getByTestId(`${lamp}-num-minus`));
      await waitFor(() => expect(screen.getByTestId(`${lamp}-num-value`).textContent).toBe('1'));
      expect(await numOfLamp()).toBe(1);
    } finally {
      await server.api.database.db.update(products).set({ stock: 5 }).where(eq(products.id, shop.lamp));
    }
  });

  it('delete asks first; cancelled nothing changes, confirmed the line leaves the bag and the count', async () => {
    const { client, ids, id } = await openBag();
    const mug = `bag-line-${ids[shop.mug]}`;
    const popups = () => client.callsOf('web_app_open_popup');

    fireEvent.click(screen.getByTestId(`${mug}-delete`));
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(popups()[0]?.message).toBe('Remove “Tea Mug” from your bag?');
    await act(async () => sdk.emitEvent('popup_closed', { button_id: 'cancel' }));
    expect(screen.getByTestId(mug)).toBeTruthy();
    expect(await cartRows(server.api, id)).toHaveLength(4);

    fireEvent.click(screen.getByTestId(`${mug}-delete`));
    await waitFor(() => expect(popups()).toHaveLength(2));
    await act(async () => sdk.emitEvent('popup_closed', { button_id: 'confirm' }));
    await waitFor(() => expect(screen.queryByTestId(mug)).toBeNull());
    expect(screen.queryByTestId(`bag-shop-${shop.shopB}`)).toBeNull();
    expect((await cartRows(server.api, id)).map((r) => r.productId)).not.toContain(shop.mug);
    await waitFor(() => expect(screen.getByTestId('bag-badge').getAttribute('data-value')).toBe('3'));
  });

  it('the unavailable lines go together, after a question', async () => {
    const { client, id } = await openBag();
    fireEvent.click(screen.getByTestId('bag-remove-unavailable'));
    await waitFor(() => expect(client.callsOf('web_app_open_popup')).toHaveLength(1));
    await act(async () => sdk.emitEvent('popup_closed', { button_id: 'confirm' }));
    await waitFor(() => expect(screen.queryByTestId('bag-unavailable')).toBeNull());
    expect((await cartRows(server.api, id)).map((r) => r.productId)).not.toContain(shop.vase);
  });
});

describe('bag: empty', () => {
  it('an empty bag says so and leads to explore', async () => {
    const shopper = await telegramShopper(server.api);
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user });
    await startApp('/bag');
    await screen.findByTestId('bag-empty');
    expect(screen.getByText(en.cart.empty)).toBeTruthy();
    expect(screen.queryByTestId('bag-badge')).toBeNull();
    expect(lastMainButton(client)?.is_visible ?? false).toBe(false);
    fireEvent.click(screen.getByTestId('bag-explore'));
    await waitFor(() => expect(window.location.pathname).toBe('/explore'));
  });
});
