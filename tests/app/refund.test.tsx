import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { refunds } from '../../server/db/schema';
import { refuseRefund } from '../../server/modules/refunds';
import {
  makeProduct,
  makeShop,
  move,
  payOrder,
  placeOrder,
  shipOrder,
} from '../server/support/orders-fixture';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The refund screens in a plain browser against the real server: the request form prefilled with
 * the most allowed and checking before it sends, the refund button only where a request is allowed,
 * and the refund's state on the order's page and card. The whole journey with real picture uploads
 * is the browser suite's (tests/e2e/aftersale-refund.test.ts).
 */
const server = useRealServer();
const db = () => server.api.database.db;
let shopId: number;
let kettle: number;
let lamp: number;

beforeAll(async () => {
  shopId = await makeShop(db(), 'Refund Shop');
  kettle = (await makeProduct(db(), shopId, { title: 'Copper kettle', price: 3000, stock: 100 })).id;
  lamp = (await makeProduct(db(), shopId, { title: 'Desk lamp', price: 1000, stock: 100 })).id;
});

async function shopperWithOrder(name: string, paid: boolean) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  const order = await placeOrder(
    db(),
    id,
    shopId,
    [
      { productId: kettle, num: 1 },
      { productId: lamp, num: 2 },
    ],
    { freight: 500 },
  );
  if (paid) await payOrder(db(), order.id);
  return { token, userId: id, orderId: order.id };
}

const refundsOf = async (orderId: number) =>
  Number((await db().select({ n: count() }).from(refunds).where(eq(refunds.orderId, orderId)))[0].n);

describe('refund: the request form', () => {
  it('is prefilled with every item and the whole amount; less items, less allowed; checks before sending', async () => {
    const { orderId } = await shopperWithOrder('refund_form', true);
    await startApp(`/orderInfo/${orderId}`);
    fireEvent.click(await screen.findByTestId('refund-apply'));
    await waitFor(() => expect(window.location.pathname).toMatch(new RegExp(`^/refund/${orderId}`)));
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    expect(amount.value).toBe('55.00');
    const items = screen.getAllByTestId('refund-item') as HTMLInputElement[];
    expect(items.map((i) => i.checked)).toEqual([true, true]);
    // Each item's box is named by the product, as are the form's other fields by their labels.
    expect(screen.getByRole('checkbox', { name: 'Copper kettle' })).toBe(items[0]);
    expect(screen.getByRole('checkbox', { name: 'Desk lamp' })).toBe(items[1]);
    expect(screen.getByLabelText(en.refund.amount)).toBe(amount);
    expect(screen.getByLabelText(en.refund.reason)).toBe(screen.getByTestId('refund-reason'));
    expect(screen.getByLabelText(en.refund.explain)).toBe(screen.getByTestId('refund-explain'));
    // Only the lamps: their 20.00, no freight.
    fireEvent.click(items[0]);
    await waitFor(() => expect(amount.value).toBe('20.00'));
    expect(screen.getByTestId('refund-most').textContent).toContain('$20.00');
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('main-action'));
    expect((await screen.findByTestId('refund-problem')).textContent).toBe(
      en.refund.check.amountAbove.replace('{{max}}', '$20.00'),
    );
    fireEvent.change(amount, { target: { value: '-5' } });
    await waitFor(() =>
      expect(screen.getByTestId('refund-problem').textContent).toBe(en.refund.check.amountNegative),
    );
    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByTestId('refund-explain'), { target: { value: 'Cracked glass' } });
    await waitFor(() =>
      expect(screen.getByTestId('refund-problem').textContent).toBe(en.refund.check.proofRequired),
    );
    expect(within(screen.getByTestId('proof-pictures')).queryAllByTestId('proof-preview')).toHaveLength(0);
    expect(await refundsOf(orderId)).toBe(0);
  });

  it('an unpaid order offers no refund, and its refund page says none is possible', async () => {
    const { orderId } = await shopperWithOrder('refund_unpaid', false);
    await startApp(`/orderInfo/${orderId}`);
    await screen.findByTestId('order-sn');
    expect(screen.queryByTestId('refund-apply')).toBeNull();
    await startApp(`/refund/${orderId}`);
    expect((await screen.findByTestId('refund-not-allowed')).textContent).toContain(en.refund.notAllowed);
  });
});

describe('refund: its state on the order', () => {
  it('the order page shows the state, amount and the refusal reason; the card shows state and amount', async () => {
    const { userId, orderId } = await shopperWithOrder('refund_state', true);
    await shipOrder(db(), orderId);
    // Arranged as POST /api/order/refund leaves it (the request itself is the server suites' and the
    // browser journey's: jsdom cannot send a picture's multipart body).
    await move(db(), orderId, 2, -4, 'shopper', { statusBeforeAfterSale: 2 });
    await db().insert(refunds).values({
      orderId,
      userId,
      serviceType: 'refund',
      receivingStatus: 'notReceived',
      amount: 1250,
      reasonType: 'notReceived',
      explain: 'Nothing arrived',
    });
    await startApp('/myPurchases/-4');
    const card = await screen.findByTestId('card-refund');
    expect(card.textContent).toContain(en.refund.state.applying);
    expect(card.textContent).toContain('$12.50');

    await refuseRefund(db(), { orderId, operator: 'test', reason: 'The parcel is still on its way' });
    await startApp(`/orderInfo/${orderId}`);
    expect((await screen.findByTestId('refund-state')).textContent).toBe(en.refund.state.refused);
    expect(screen.getByTestId('refund-refuse-reason').textContent).toBe('The parcel is still on its way');
    expect(screen.getByTestId('refund-amount-shown').textContent).toBe('$12.50');
    // Refused: back to delivered, and never again.
    expect(screen.queryByTestId('refund-apply')).toBeNull();
  });
});
