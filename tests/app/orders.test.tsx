import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { notifications } from '../../server/db/schema';
import {
  addTrack,
  makeProduct,
  makeShop,
  orderRow,
  payOrder,
  placeOrder,
  shipOrder,
  type TestProduct,
} from '../server/support/orders-fixture';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The order screens in a plain browser against the real server: the nine tabs with their counts,
 * cancel and confirm receipt behind their questions, delete, the order's page (and "not found" for
 * another shopper's order), and notifications opening their order.
 */
// The shop takes cards, but a browser cannot open Telegram's invoices: the payment offers none.
const server = useRealServer({ PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake' });
const db = () => server.api.database.db;
const cards = () => screen.queryAllByTestId('order-card');
const cardOf = (orderId: number) =>
  screen.getAllByTestId('order-card').find((c) => c.dataset.orderId === String(orderId))!;

let shopId: number;
let product: TestProduct;
beforeAll(async () => {
  shopId = await makeShop(db(), 'Tab Shop');
  product = await makeProduct(db(), shopId, { title: 'Blue kettle', price: 2500, stock: 500 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A shopper, logged in, with orders in the given statuses (placed oldest first). */
async function shopperWith(name: string, statuses: (0 | 1 | 2 | -1)[]) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  const orders: number[] = [];
  for (const status of statuses) {
    const order = await placeOrder(db(), id, shopId, [{ productId: product.id, num: 2 }], { freight: 500 });
    if (status === -1) {
      await server.api.endpoint('order.cancel', { body: { order_id: order.id }, token });
    }
    if (status >= 1) await payOrder(db(), order.id);
    if (status >= 2) await shipOrder(db(), order.id);
    orders.push(order.id);
  }
  return { token, userId: id, orders };
}

describe('orders: the tabs', () => {
  it('shows the nine tabs with their counts, and each tab lists its own orders', async () => {
    const { orders } = await shopperWith('tabs_counts', [0, 0, 1, 2, -1]);
    await startApp('/order');
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.getAllByRole('tab')).toHaveLength(9);
    // The tabs' counts come in their own request, which may answer after the list's.
    const count = (key: string) => screen.queryByTestId(`status-count-${key}`)?.textContent;
    await waitFor(() =>
      expect([count('all'), count('0'), count('1'), count('2'), count('-1'), count('4')]).toEqual([
        '5',
        '2',
        '1',
        '1',
        '1',
        '0',
      ]),
    );
    // Newest first, each card with shop, items and total.
    expect(cards()[0].dataset.orderId).toBe(String(orders[4]));
    expect(within(cards()[0]).getByText('Tab Shop')).toBeTruthy();
    expect(within(cards()[0]).getByText('Blue kettle')).toBeTruthy();
    expect(within(cards()[0]).getByTestId('order-total').textContent).toBe('$55.00');

    fireEvent.click(screen.getByTestId('status-tab-0'));
    await at('/myPurchases/0');
    await waitFor(() => expect(cards()).toHaveLength(2));
    for (const card of cards())
      expect(within(card).getByTestId('order-status').textContent).toBe(en.orderList.status.waitingPay);
    expect(screen.getByTestId('status-tab-0').getAttribute('aria-selected')).toBe('true');
  });

  it('an empty tab says so', async () => {
    await shopperWith('tabs_empty', [0]);
    await startApp('/myPurchases/4');
    const empty = await screen.findByTestId('empty');
    expect(empty.textContent).toContain(en.orderList.empty);
    // A lone line is a paragraph: a definition list needs a term and its description.
    expect(empty.querySelector('dl, dt, dd')).toBeNull();
    expect(within(empty).getByText(en.orderList.empty).tagName).toBe('P');
    // The tabs' counts may arrive after the page's list: wait for them rather than race them.
    await waitFor(() => expect(screen.getByTestId('status-count-4').textContent).toBe('0'));
  });

  it('each card offers what its status allows', async () => {
    const { orders } = await shopperWith('tabs_actions', [0, 1, 2, -1]);
    await startApp('/order');
    await waitFor(() => expect(cards()).toHaveLength(4));
    const actionsOf = (id: number) =>
      within(cardOf(id))
        .queryAllByRole('button')
        .map((b) => b.dataset.testid)
        .filter(Boolean)
        .sort();
    expect(actionsOf(orders[0])).toEqual(['order-cancel', 'order-pay', 'order-view']);
    expect(actionsOf(orders[1])).toEqual(['order-view']);
    expect(actionsOf(orders[2])).toEqual(['order-receive', 'order-view']);
    expect(actionsOf(orders[3])).toEqual(['order-delete', 'order-view']);
    // The card's link is named by what it shows, its items, after the order's number.
    const named = new RegExp(`^${en.orderList.viewOrder.replace('{{sn}}', '\\w+')}.*Blue kettle`);
    expect(within(cardOf(orders[0])).getByRole('link', { name: named })).toBeTruthy();
  });

  it('pay now opens the payment of that one order', async () => {
    const { orders, token } = await shopperWith('tabs_pay', [0]);
    // With a payment password: the pad is what the page shows once it knows the shopper has one.
    const set = await server.api.endpoint('user.resetPay', {
      token,
      body: { newpassword: '246810', password: 'secret123' },
    });
    expect(set.code).toBe(1);
    await startApp('/myPurchases/0');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cardOf(orders[0])).getByTestId('order-pay'));
    await at('/payment');
    expect(window.location.search).toBe(`?order_id=${orders[0]}`);
    await screen.findByTestId('pay-pad');
    expect(screen.queryByTestId('pay-card')).toBeNull();
  });
});

describe('orders: a later page', () => {
  it('a following page that fails offers a retry at the end of the list, which loads it', async () => {
    await shopperWith('orders_more', Array<0>(11).fill(0));
    // The second page's first request finds no server; its retry goes through.
    const open = XMLHttpRequest.prototype.open;
    let failed = 0;
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
      this: XMLHttpRequest,
      ...args: Parameters<XMLHttpRequest['open']>
    ) {
      if (/order_list\?.*page=2/.test(String(args[1])) && failed++ === 0) args[1] = 'http://127.0.0.1:9/';
      return (open as (...a: unknown[]) => void).apply(this, args);
    });
    await startApp('/order');
    await waitFor(() => expect(cards()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('orders-more'));
    const retry = await screen.findByRole('alert');
    expect(failed).toBe(1);
    expect(screen.queryByTestId('orders-more')).toBeNull();
    expect(cards()).toHaveLength(10);
    fireEvent.click(within(retry).getByText(en.common.retry));
    await waitFor(() => expect(cards()).toHaveLength(11));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('orders: cancel, confirm receipt and delete ask first', () => {
  it('cancel asks; declined nothing changes, confirmed the order is cancelled', async () => {
    const { orders } = await shopperWith('cancel_confirm', [0]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await startApp('/order');
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('order-cancel'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(en.orderList.cancelConfirm);
    expect((await orderRow(db(), orders[0])).status).toBe(0);

    fireEvent.click(screen.getByTestId('order-cancel'));
    await waitFor(async () => expect((await orderRow(db(), orders[0])).status).toBe(-1));
    await waitFor(() =>
      expect(within(cardOf(orders[0])).getByTestId('order-status').textContent).toBe(
        en.orderList.status.cancelled,
      ),
    );
    // The counts are fetched again beside the list: wait for them too.
    await waitFor(() => {
      expect(screen.getByTestId('status-count--1').textContent).toBe('1');
      expect(screen.getByTestId('status-count-0').textContent).toBe('0');
    });
  });

  it('confirm receipt on the order page asks, then moves the order to received', async () => {
    const { orders } = await shopperWith('receive_confirm', [2]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await startApp(`/orderInfo/${orders[0]}`);
    await screen.findByTestId('status-header');
    fireEvent.click(screen.getByTestId('main-action'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(en.orderList.receiveConfirm));
    await waitFor(async () => expect((await orderRow(db(), orders[0])).status).toBe(3));
    await waitFor(() =>
      expect(screen.getByTestId('order-status').textContent).toBe(en.orderList.status.received),
    );
  });

  it('delete asks, hides a finished order and leaves its page', async () => {
    const { orders } = await shopperWith('delete_confirm', [-1]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await startApp(`/orderInfo/${orders[0]}`);
    fireEvent.click(await screen.findByTestId('order-delete'));
    await at('/order');
    await waitFor(async () => expect((await orderRow(db(), orders[0])).hiddenAt).not.toBeNull());
    expect(await screen.findByTestId('empty')).toBeTruthy();
  });
});

describe('orders: the order page', () => {
  it('shows everything of the order: status, address, items, amounts, number, logistics, history', async () => {
    const { orders } = await shopperWith('detail_all', [2]);
    await addTrack(db(), orders[0], 'Left the sorting centre in Leipzig');
    await startApp(`/orderInfo/${orders[0]}`);
    await screen.findByTestId('status-header');
    const order = await orderRow(db(), orders[0]);
    expect(screen.getByTestId('order-status').textContent).toBe(en.orderList.status.delivered);
    expect(screen.getByTestId('address').textContent).toContain('Erika Mustermann');
    expect(screen.getByText('Blue kettle')).toBeTruthy();
    expect(screen.getByTestId('detail-total').textContent).toBe('$55.00');
    expect(screen.getByTestId('order-sn').textContent).toBe(order.orderSn);
    expect(screen.getByText('DHL')).toBeTruthy();
    expect(within(screen.getByTestId('tracks')).getByText('Left the sorting centre in Leipzig')).toBeTruthy();
    // The status history, oldest first, each step in words with who took it.
    const steps = [...screen.getByTestId('events').querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain(en.orderInfo.placed);
    expect(steps[1]).toContain(en.orderInfo.event.paid);
    expect(steps[2]).toContain(en.orderInfo.event.shipped);
    expect(steps[2]).toContain(en.orderInfo.actor.operator);
  });

  it('copying the order number over plain HTTP says copying needs HTTPS', async () => {
    const { orders } = await shopperWith('detail_copy', [0]);
    await startApp(`/orderInfo/${orders[0]}`);
    fireEvent.click(await screen.findByTestId('copy-sn'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(en.common.copyNeedsHttps));
  });

  it("another shopper's order is not found, like a missing one", async () => {
    const { orders } = await shopperWith('detail_owner', [0]);
    const { token } = await server.api.register('detail_stranger');
    await storeToken(token);
    await startApp(`/orderInfo/${orders[0]}`);
    expect((await screen.findByTestId('order-not-found')).textContent).toContain(en.orderInfo.notFound);
    expect(screen.queryByText('Blue kettle')).toBeNull();
  });

  it('a missing order and a malformed id read the same', async () => {
    await shopperWith('detail_missing', []);
    await startApp('/orderInfo/99999999');
    await screen.findByTestId('order-not-found');
  });
});

describe('notifications', () => {
  it('newest first, unread marked; opening one marks it read and opens its order', async () => {
    const { userId, orders } = await shopperWith('notices_open', [2]);
    await startApp('/notification');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    const [newest, older] = screen.getAllByTestId('notification');
    // Paid, then shipped: the shipping comes first.
    expect(newest.dataset.read).toBe('false');
    expect(older.dataset.read).toBe('false');
    expect(screen.getByTestId('unread-count').textContent).toBe(
      en.notifications.unreadCount.replace('{{count}}', '2'),
    );
    fireEvent.click(newest);
    await at(`/orderInfo/${orders[0]}`);
    await waitFor(async () => {
      const unread = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'order')));
      expect(unread.filter((n) => n.readAt === null)).toHaveLength(1);
    });
  });

  it('"mark all read" clears every mark', async () => {
    await shopperWith('notices_all', [1, 1]);
    await startApp('/notification');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('mark-all'));
    await waitFor(() =>
      expect(screen.getAllByTestId('notification').map((n) => n.dataset.read)).toEqual(['true', 'true']),
    );
  });

  it('none yet says so', async () => {
    await shopperWith('notices_none', [0]);
    await startApp('/notification');
    expect((await screen.findByTestId('empty')).textContent).toContain(en.notifications.empty);
  });
});

describe('profile', () => {
  it('shows the order count of each status, each opening its tab', async () => {
    await shopperWith('profile_counts', [0, 0, 1]);
    await startApp('/profile');
    await waitFor(() => expect(screen.getByTestId('orders-0').textContent).toContain('2'));
    expect(screen.getByTestId('orders-1').textContent).toContain('1');
    expect(screen.getByTestId('orders-2').textContent).toContain('0');
    fireEvent.click(screen.getByTestId('orders-0'));
    await at('/myPurchases/0');
  });
});
