import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import { paths } from '../../common/paths';
import { TEST_ADDRESS_BODY } from '../support/address';
import { TEST_BOT_TOKEN } from '../support/app';
import { makeProduct, makeShop, placeOrder } from '../server/support/orders-fixture';
import { useRealServer } from './support/server';
import { telegramShopper } from './support/shop-fixture';
import { fakeTelegram } from './support/telegram-client';

/**
 * The first screen's answers leave during start-up, beside Telegram's silent login, and the screen
 * then asks no second time (src/api/first-answers.ts). Start-up runs as src/main.tsx runs it, in
 * the mocked Telegram client against the real server; the requests are read from the document's
 * XMLHttpRequest.
 */
const server = useRealServer();
let nextTgId = 7_400_000_000;

afterEach(async () => {
  vi.restoreAllMocks();
  // Each test launches the app anew: the screens an earlier test left in the shared cache must not
  // be asked again by this test's login (its requests are what the test counts).
  const { queryClient } = await import('../../src/api/query-client');
  await queryClient.cancelQueries();
  queryClient.clear();
});

/** Every API address the page opens, in order. */
function watchRequests(): string[] {
  const opened: string[] = [];
  const open = XMLHttpRequest.prototype.open;
  vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
    this: XMLHttpRequest,
    ...args: unknown[]
  ) {
    opened.push(String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  });
  return opened;
}

/** main.tsx's start-up up to the first render, then the render. */
async function startAt(path: string) {
  window.history.replaceState(null, '', path);
  const { startFirstScreen } = await import('../../src/app/routes');
  const { startUp } = await import('../../src/app/start-up');
  const { initTelegram } = await import('../../src/telegram/init');
  const { restoreSession, telegramLogin } = await import('../../src/stores/session');
  const { initI18n } = await import('../../src/i18n');
  const first = startFirstScreen(location.pathname, location.search);
  await initTelegram();
  const lang = await restoreSession();
  await initI18n(lang);
  startUp.login = telegramLogin();
  await first?.askAnswers(lang);
  await first?.ready();
  return {
    render: async () => {
      const { App } = await import('../../src/app/App');
      return render(<App />);
    },
  };
}

/** The address of endpoint `name` (common/api/routes.ts). */
const at = (name: EndpointName) => apiRoutes[name].path;

const count = (opened: string[], part: string) => opened.filter((url) => url.includes(part)).length;

/**
 * Start-up at `path` until its first answer `call` has been asked once and has landed, as on a
 * phone where it lands before the screen mounts; then the render.
 */
async function startSettled(path: string, opened: string[], call: string) {
  const app = await startAt(path);
  await waitFor(() => expect(count(opened, call)).toBe(1));
  const { queryClient } = await import('../../src/api/query-client');
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return app.render();
}

/** An unpaid order of `ownerId` for one product of a shop of its own. */
async function anOrder(ownerId: number, shopName: string) {
  const shopId = await makeShop(server.api.database.db, shopName);
  const product = await makeProduct(server.api.database.db, shopId, { title: 'Cup', price: 900, stock: 9 });
  return placeOrder(server.api.database.db, ownerId, shopId, [{ productId: product.id, num: 1 }]);
}

describe('the first screen asks for its answers during start-up', () => {
  it('/setting: the notification settings leave before the first render, and are asked for once', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Ada' } });
    const opened = watchRequests();
    const app = await startAt('/setting');
    // Nothing is rendered yet: the call leaves all the same (the HTTP client may still be loading).
    await waitFor(() => expect(count(opened, at('notify.settings'))).toBe(1));
    expect(count(opened, at('user.tgLogin'))).toBe(1);
    await app.render();
    await screen.findByTestId('notify-switches');
    await waitFor(() => expect(count(opened, at('user.tgLogin'))).toBe(1));
    expect(count(opened, at('notify.settings'))).toBe(1);
  });

  it('/order: the first page of orders leaves before the first render, and the list shows it without asking again', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Bo' } });
    const opened = watchRequests();
    const app = await startAt('/order');
    await waitFor(() =>
      expect(opened.filter((url) => url.includes(at('order.list')))).toEqual([
        expect.stringMatching(/page=1&limit=10/),
      ]),
    );
    await app.render();
    await screen.findByTestId('empty');
    expect(count(opened, at('order.list'))).toBe(1);
  });

  it('/bag: the cart asked for with the login’s proof is the one shown once the login ends', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Cy' } });
    const opened = watchRequests();
    const app = await startAt('/bag');
    await waitFor(() => expect(count(opened, at('cart.index'))).toBe(1));
    await app.render();
    await screen.findByTestId('bag-empty');
    expect(count(opened, at('cart.index'))).toBe(1);
  });

  it.each([
    ['/withDraw', at('wallet.extractInfo'), 'withdraw-balance'],
    ['/walletTopUp', at('wallet.getBlockchain'), 'amount'],
    ['/topUp', at('wallet.getBlockchain'), 'topup-balance'],
  ])(
    '%s: its first answer leaves before the first render and is asked for once',
    async (path, call, shown) => {
      fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Ed' } });
      const opened = watchRequests();
      // The answer lands before the screen mounts, as on a phone: the screen takes it as its own.
      await startSettled(path, opened, call);
      await screen.findByTestId(shown);
      expect(count(opened, call)).toBe(1);
    },
  );

  it('/orderInfo/<id>: the shopper’s order leaves before the first render and is asked for once', async () => {
    const shopper = await telegramShopper(server.api);
    const order = await anOrder(shopper.id, 'First Answers Shop');
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user });
    const opened = watchRequests();
    const call = `/api/order/detail?order_id=${order.id}`;
    await startSettled(`/orderInfo/${order.id}`, opened, call);
    await screen.findByTestId('status-header');
    expect(count(opened, call)).toBe(1);
  });

  it('/addressForm/<id>: the address to edit leaves before the first render and is asked for once', async () => {
    const shopper = await telegramShopper(server.api);
    const saved = await server.api.endpoint<{ id: number }>('address.save', {
      token: shopper.token,
      body: TEST_ADDRESS_BODY,
    });
    const address = saved.data;
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user });
    const opened = watchRequests();
    const call = `/api/user/address?id=${address.id}`;
    await startSettled(paths.addressForm.href(address.id), opened, call);
    expect(await screen.findByDisplayValue(TEST_ADDRESS_BODY.detail)).toBeTruthy();
    expect(count(opened, call)).toBe(1);
  });

  it('/orderInfo/<id> of another shopper: the refusal start-up was answered is shown, not asked for again', async () => {
    const owner = await telegramShopper(server.api);
    const order = await anOrder(owner.id, 'Someone Else’s Shop');
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Fi' } });
    const opened = watchRequests();
    const call = `/api/order/detail?order_id=${order.id}`;
    await startSettled(`/orderInfo/${order.id}`, opened, call);
    await screen.findByTestId('order-not-found');
    // Long enough for a second call to have left.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(count(opened, call)).toBe(1);
  });

  it('/checkout: the preview leaves before the first render and is asked for once, refused or not', async () => {
    // With nothing chosen the server refuses the preview: the screen says so without asking again.
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Gil' } });
    let opened = watchRequests();
    let shown = await startSettled('/checkout', opened, at('checkout.preview'));
    await screen.findByTestId('checkout-refused');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(count(opened, at('checkout.preview'))).toBe(1);
    shown.unmount();
    vi.restoreAllMocks();
    const { queryClient } = await import('../../src/api/query-client');
    queryClient.clear();

    // "Buy now": the product's preview, shown as start-up asked for it.
    const shopper = await telegramShopper(server.api);
    const shopId = await makeShop(server.api.database.db, 'Checkout First Shop');
    const product = await makeProduct(server.api.database.db, shopId, {
      title: 'Jug',
      price: 1200,
      specs: [{ options: { size: 'M' }, stock: 9 }],
    });
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: shopper.user });
    opened = watchRequests();
    const buyNow = { productId: product.id, specId: product.specs[0]!, number: 1 };
    shown = await startSettled(paths.checkout.buyNow(buyNow), opened, at('checkout.preview'));
    await screen.findByText('Jug');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(count(opened, at('checkout.preview'))).toBe(1);
  });

  it('a screen that lists no answers asks nothing ahead of its first render but the login', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN, user: { id: nextTgId++, first_name: 'Di' } });
    const opened = watchRequests();
    await startAt('/language');
    await waitFor(() => expect(count(opened, at('user.tgLogin'))).toBe(1));
    // Long enough for a call start-up would make to have left.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(opened.filter((url) => url.startsWith('/api/') || url.includes('/api/'))).toEqual([
      expect.stringContaining(at('user.tgLogin')),
    ]);
  });
});
