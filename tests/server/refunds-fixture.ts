import { eq } from 'drizzle-orm';
import type { OrderDetailAnswer } from '../../common/schemas/order';
import { ledgerEntries, users } from '../../server/db/schema';
import { setSetting } from '../../server/modules/settings';
import { createTestAppWithDataDir, type TestApp } from '../support/app';
import { post, shopper, type CallOptions, type Reply, type Shopper } from './checkout-fixture';
import { advanceOrder, makeProduct, makeShop, placeOrder, type Line } from './support/orders-fixture';
import { uploadPicture } from './wallet-fixture';

/**
 * The refund suites' shop: a test app with its own data folder (proof pictures are files), a shop
 * with two products, shoppers with a balance, paid orders (placed and paid as checkout leaves
 * them), proof pictures uploaded through the API, and the refund call with an Idempotency-Key.
 */
export const RETURN_ADDRESS = 'Returns desk, 12 Harbour Road, 20457 Hamburg, Germany';

export interface RefundShop {
  t: TestApp;
  dataDir: string;
  shopId: number;
  kettle: number;
  lamp: number;
  close(): Promise<void>;
}

export async function refundShop(): Promise<RefundShop> {
  const t = await createTestAppWithDataDir('refund', { UPLOAD_RATE: 100_000 });
  const db = t.database.db;
  const shopId = await makeShop(db, 'Refund Shop');
  const kettle = (await makeProduct(db, shopId, { title: 'Kettle', price: 3000, stock: 1000 })).id;
  const lamp = (await makeProduct(db, shopId, { title: 'Lamp', price: 1000, stock: 1000 })).id;
  await setSetting(db, { key: 'refundReturnAddress', value: RETURN_ADDRESS, operator: 'test' });
  return { t, dataDir: t.dataDir, shopId, kettle, lamp, close: () => t.close() };
}

export const buyer = (s: RefundShop): Promise<Shopper> => shopper(s.t, { balance: 100_000 });

/**
 * A paid order (1 kettle and 2 lamps by default: goods 50.00) with freight and discount, moved to
 * `status` (1 waiting delivery, 2 delivered, 3 received).
 */
export async function paidOrder(
  s: RefundShop,
  userId: number,
  opts: { status?: 1 | 2 | 3; lines?: Line[]; freight?: number; discount?: number } = {},
): Promise<number> {
  const db = s.t.database.db;
  const lines = opts.lines ?? [
    { productId: s.kettle, num: 1 },
    { productId: s.lamp, num: 2 },
  ];
  const order = await placeOrder(db, userId, s.shopId, lines, {
    freight: opts.freight ?? 500,
    discount: opts.discount ?? 0,
  });
  await advanceOrder(db, order.id, opts.status ?? 1);
  return order.id;
}

export const pictures = async (s: RefundShop, token: string, n: number): Promise<string[]> => {
  const urls: string[] = [];
  for (let i = 0; i < n; i++)
    urls.push(await uploadPicture(s.t, token, `#${(0x223344 + i * 4096).toString(16)}`));
  return urls;
};

export interface RefundRequest {
  order_id: number | string;
  service_type?: string;
  receiving_status?: string;
  amount?: string;
  product_ids?: number[] | string;
  reason_type?: string;
  refund_explain?: string;
  images?: string[];
}

/** POST /api/order/refund with sensible defaults for what the test does not name. */
export const applyFor = (
  s: RefundShop,
  who: Shopper,
  body: RefundRequest,
  opts: CallOptions = {},
): Promise<Reply<OrderDetailAnswer | null>> =>
  post(
    s.t,
    '/api/order/refund',
    {
      service_type: 'refund',
      receiving_status: 'received',
      reason_type: 'damaged',
      refund_explain: 'The glass was cracked when it arrived',
      ...body,
    },
    { token: who.token, ...opts },
  );

/** A refund of the order asked for with one proof picture, `body` naming what differs from applyFor's. */
export const askRefund = async (
  s: RefundShop,
  who: Shopper,
  orderId: number,
  body: Omit<RefundRequest, 'order_id'> = {},
) => applyFor(s, who, { order_id: orderId, images: await pictures(s, who.token, 1), ...body });

export async function balanceOf(s: RefundShop, userId: number): Promise<number> {
  const [row] = await s.t.database.db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  return row.balance;
}

export async function refundEntries(s: RefundShop, userId: number) {
  return (await s.t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).filter(
    (e) => e.type === 'refund',
  );
}
