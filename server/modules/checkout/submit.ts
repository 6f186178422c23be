import { sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { MAX_AMOUNT, toAmount } from '@common/money';
import { ORDER_STATUS } from '@common/order-status';
import type { SubmitAnswer, SubmitBody } from '@common/schemas/order';
import { together, type Db, type Tx } from '../../db/client';
import { arrayParam, sqlStatement } from '../../db/statement';
import { cartItems, orderEvents, orderItems, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { once, storeAnswerOnce, type Claim, type StoreAnswerSqlValues } from '../../lib/idempotency';
import { takeSlot } from '../../lib/rate-limit';
import { invalidateCatalog } from '../catalog';
import { stockValue, TAKE_STOCK, type StockShort } from '../orders';
import type { BuyLine } from './lines';
import { priceCheckout, type PricedShop } from './pricing';
import { usePromo } from './promo';
import { addressSnapshot, chosenAddress } from './shipping-address';
import { newOrderSn, newOutTradeNo } from './trade-numbers';

/**
 * POST /api/order/merSubmit: one order per shop under one new out_trade_no, in one transaction
 * with the request's idempotency key (a replay answers the first result and makes nothing). Every
 * order gets its first event (none -> waiting pay), the bought cart lines leave the cart, the promo
 * code's use is counted, and each line's stock is taken last, with a conditional update (never
 * below zero; not enough rolls the whole checkout back).
 */
export const SUBMIT_WINDOW_MS = 10 * 60 * 1000;

export interface SubmitInput {
  userId: number;
  lang: Lang;
  body: SubmitBody;
  /** The request's Idempotency-Key. */
  key: string;
  /** ORDER_PAY_MINUTES */
  payMinutes: number;
  /** ORDER_RATE: checkouts a shopper may make in SUBMIT_WINDOW_MS. */
  perWindow: number;
}

/** Why a checkout is refused when take_stock found a line short (the shopper may buy fewer). */
function shortOf(lines: BuyLine[], short: StockShort): AppError {
  const line = lines.find(
    (l) => l.productId === Number(short.product_id) && l.specId === Number(short.spec_id),
  );
  const title = line?.title ?? '';
  if (short.left <= 0) return new AppError('checkout.soldOut', { title });
  return new AppError('checkout.stockShort', { title, stock: short.left });
}

/** jsonb as read: PGlite answers it parsed, postgres-js as text. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * What a checkout does before it writes, all sent at once: counts itself against the shopper's rate
 * (in the checkout's transaction, so a checkout that fails is not counted; over the rate, refused),
 * prices its lines, and reads the address it ships to.
 */
async function readCheckout(tx: Tx, { userId, lang, body, perWindow }: SubmitInput) {
  const [, priced, address] = await together([
    takeSlot(tx, `order:user:${userId}`, perWindow, SUBMIT_WINDOW_MS, 'checkout.tooManyOrders'),
    priceCheckout(tx, userId, lang, body, true),
    chosenAddress(tx, userId, body.address_id),
  ]);
  return [priced, address] as const;
}

/**
 * One statement: the orders (one per shop, `shops`), their items as bought (`lines`, in their
 * order), each order's first event, the bought lines out of the cart, the request's answer kept
 * for its replays (made by the statement from the orders it makes: the same for the shopper and
 * for a replay of the request, which reads it from the key's row), and every line's units taken
 * from stock (a product's row, which every buyer of a popular product needs, is held only from
 * here to the commit; the lines were priced with the stock as it is now, so a sold-out product is
 * refused before anything is written).
 */
const ordersMade = sqlStatement<
  {
    outTradeNo: string;
    userId: number;
    shops: string;
    promoCode: string | null;
    address: string;
    remark: string;
    payWithin: string;
    lines: string;
    cartIds: string;
    total: string;
    stock: string;
  } & StoreAnswerSqlValues,
  { answer: SubmitAnswer | string; short: StockShort | string | null }
>(() => {
  const outTradeNo = sql`${sql.placeholder('outTradeNo')}::text`;
  const userId = sql`${sql.placeholder('userId')}::bigint`;
  return sql`
    with made as (
      insert into ${orders} (order_sn, out_trade_no, user_id, shop_id, status, goods_amount, freight,
        discount, total, promo_code, address, remark, pay_before)
      select s.order_sn, ${outTradeNo}, ${userId}, s.shop_id, ${ORDER_STATUS.waitingPay}::int, s.goods,
        s.freight, s.discount, s.total, ${sql.placeholder('promoCode')}::text,
        ${sql.placeholder('address')}::jsonb, ${sql.placeholder('remark')}::text,
        now() + ${sql.placeholder('payWithin')}::interval
      from jsonb_to_recordset(${sql.placeholder('shops')}::jsonb)
        as s(ord int, order_sn text, shop_id bigint, goods int, freight int, discount int, total int)
      order by s.ord
      returning id, shop_id, pay_before
    ),
    items as (
      insert into ${orderItems} (order_id, product_id, spec_id, title, spec_options, image, price, num)
      select made.id, v.product_id, v.spec_id, v.title, v.spec_options, v.image, v.price, v.num
      from jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as v(ord int, shop_id bigint,
        product_id bigint, spec_id bigint, title text, spec_options jsonb, image text, price int, num int)
      join made on made.shop_id = v.shop_id
      order by v.ord
    ),
    events as (
      insert into ${orderEvents} (order_id, from_status, to_status, actor)
      select id, null, ${ORDER_STATUS.waitingPay}::int, 'shopper' from made order by id
    ),
    bought as (
      delete from ${cartItems}
      where user_id = ${userId} and id = any(${sql.placeholder('cartIds')}::bigint[])
    ),
    ${storeAnswerOnce(sql`jsonb_build_object(
      'outTradeNo', ${outTradeNo},
      'orderIds', (select jsonb_agg(id order by id) from made),
      'total', ${sql.placeholder('total')}::text,
      'payBefore', (select to_char(min(pay_before) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from made))`)},
    ${TAKE_STOCK}
    select (select answer from idempotency_answered) as answer, (select short from stock_short) as short`;
});

async function makeOrders(
  tx: Tx,
  input: SubmitInput,
  [priced, address]: Awaited<ReturnType<typeof readCheckout>>,
  claim: Claim,
): Promise<SubmitAnswer> {
  const { userId, body } = input;
  if (!address) throw new AppError('checkout.addressRequired');
  const promo = priced.promo;
  if (promo && !promo.verdict.ok) throw promo.verdict.error;
  if (priced.shops.some((s) => s.goods > MAX_AMOUNT)) throw new AppError('checkout.amountTooLarge');
  const lines = priced.shops.flatMap((s) => s.lines);

  const outTradeNo = newOutTradeNo();
  const [made] = await ordersMade(tx, {
    outTradeNo,
    userId,
    shops: JSON.stringify(
      priced.shops.map((s: PricedShop, ord) => ({
        ord,
        order_sn: newOrderSn(),
        shop_id: s.shopId,
        goods: s.goods,
        freight: s.freight,
        discount: s.discount,
        total: s.total,
      })),
    ),
    promoCode: promo?.found ? promo.found.promo.code : null,
    address: JSON.stringify(addressSnapshot(address)),
    remark: body.remark ?? '',
    payWithin: `${input.payMinutes} minutes`,
    lines: JSON.stringify(
      lines.map((l, ord) => ({
        ord,
        shop_id: l.shopId,
        product_id: l.productId,
        spec_id: l.specId,
        title: l.title,
        spec_options: l.specOptions,
        image: l.image,
        price: l.price,
        num: l.num,
      })),
    ),
    cartIds: arrayParam(lines.flatMap((l) => (l.cartId === null ? [] : [l.cartId]))),
    total: toAmount(priced.total),
    stock: stockValue(lines),
    ...claim.storingSql(),
  });
  // Short of units: the whole checkout rolls back, orders and units taken included.
  if (made.short !== null) throw shortOf(lines, jsonOf(made.short));
  if (promo?.found) await usePromo(tx, promo.found.promo, userId, outTradeNo);
  return jsonOf(made.answer);
}

export async function submitOrders(db: Db, input: SubmitInput): Promise<SubmitAnswer> {
  const answer = await once(
    db,
    { userId: input.userId, scope: 'checkout.submit', key: input.key, request: input.body },
    (tx, read, claim) => makeOrders(tx, input, read, claim),
    // Read in the round trip that claims the key.
    (tx: Tx) => readCheckout(tx, input),
  );
  // Stock changed: catalogue answers are read again.
  invalidateCatalog(db);
  return answer;
}
