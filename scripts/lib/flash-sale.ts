import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { productSpecs, products } from '../../server/db/schema';
import { payOne, submitOne, type Buyer, type Item } from './buyers';

/** The refusals that mean the item is gone: the buyer stops there. */
const SOLD_OUT = new Set(['checkout.soldOut', 'checkout.stockShort']);

/** Gives `item` exactly `units` in stock (its spec, when it has one, holds them all). */
export async function stockFlashItem(db: Db, item: Item, units: number): Promise<void> {
  await db.update(productSpecs).set({ stock: 0 }).where(eq(productSpecs.productId, item.productId));
  if (item.specId)
    await db.update(productSpecs).set({ stock: units }).where(eq(productSpecs.id, item.specId));
  await db.update(products).set({ stock: units }).where(eq(products.id, item.productId));
}

export interface FlashResult {
  paid: number;
  /** From the start to the last payment. */
  seconds: number;
  /** Checkout and payment of each paid order, ms. */
  totalMs: number[];
  /** How long each buyer waited for its "sold out", ms. */
  soldOutMs: number[];
  refusals: Map<string, number>;
}

/**
 * A flash sale: every buyer buys one unit of `item` and pays at once, again and again, until the
 * server says it is sold out (or `limitMs` has passed); the sold-out answer each buyer gets last
 * is timed on its own, as the buyers who come late would wait for it.
 */
export async function flashSale(
  base: string,
  buyers: Buyer[],
  item: Item,
  limitMs: number,
): Promise<FlashResult> {
  const start = Date.now();
  const until = start + limitMs;
  const result: FlashResult = { paid: 0, seconds: 0, totalMs: [], soldOutMs: [], refusals: new Map() };
  let lastPaid = start;
  const refused = (why: string) => result.refusals.set(why, (result.refusals.get(why) ?? 0) + 1);
  await Promise.all(
    buyers.map(async (buyer) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const submitted = await submitOne(base, buyer, item);
        if (submitted.envelope.code !== 1) {
          const why = submitted.envelope.error ?? String(submitted.status);
          if (SOLD_OUT.has(why)) return void result.soldOutMs.push(performance.now() - t0);
          refused(why);
          continue;
        }
        const { outTradeNo } = submitted.envelope.data as { outTradeNo: string };
        const answer = await payOne(base, buyer, outTradeNo, until);
        if (answer.envelope.code !== 1) {
          refused(answer.envelope.error ?? String(answer.status));
          continue;
        }
        result.paid++;
        lastPaid = Date.now();
        result.totalMs.push(performance.now() - t0);
      }
    }),
  );
  result.seconds = (lastPaid - start) / 1000;
  return result;
}

/** The units of `item`'s product left in stock. */
export async function unitsLeft(db: Db, item: Item): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, item.productId));
  return row?.stock ?? 0;
}
