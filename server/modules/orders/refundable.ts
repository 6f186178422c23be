import type { Cents } from '@common/money';
import { splitByWeight } from '../../lib/split';

/**
 * What a refund may give back: at most what was paid for the chosen items.
 *
 * The order's discount was taken off its goods, so each line was paid its subtotal less its share
 * of the discount, split over the lines by subtotal with the checkout's largest-remainder split
 * (shares are whole cents and add up to goods - discount exactly). Freight was paid for the order
 * as a whole: it comes back only when every line is chosen, and then the most is the order's total.
 * A product chosen counts every line of it (one line per spec).
 */
export interface PaidOrder {
  goodsAmount: Cents;
  discount: Cents;
  total: Cents;
}

export interface PaidLine {
  productId: number;
  price: Cents;
  num: number;
}

/** Each line's goods share after the discount, in the lines' order. */
export function lineShares(order: PaidOrder, lines: PaidLine[]): Cents[] {
  const subtotals = lines.map((l) => l.price * l.num);
  const discount = Math.min(
    order.discount,
    subtotals.reduce((a, b) => a + b, 0),
  );
  const off = splitByWeight(discount, subtotals);
  return subtotals.map((s, i) => s - off[i]);
}

/**
 * The most a refund of `productIds` (empty: the whole order) may be, or undefined when one of them
 * is not in the order.
 */
export function refundableMax(order: PaidOrder, lines: PaidLine[], productIds: number[]): Cents | undefined {
  const inOrder = new Set(lines.map((l) => l.productId));
  const chosen = new Set(productIds);
  for (const id of chosen) if (!inOrder.has(id)) return undefined;
  if (chosen.size === 0 || chosen.size === inOrder.size) return order.total;
  const shares = lineShares(order, lines);
  return lines.reduce((sum, l, i) => (chosen.has(l.productId) ? sum + shares[i] : sum), 0);
}

/** Each product's most (its lines' shares), for the refund form to add up what the shopper picks. */
export function productShares(order: PaidOrder, lines: PaidLine[]): Map<number, Cents> {
  const shares = lineShares(order, lines);
  const byProduct = new Map<number, Cents>();
  lines.forEach((l, i) => byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + shares[i]));
  return byProduct;
}
