import { parseAmount, toAmount, type Cents } from '@common/money';
import type { Refundable } from '@common/schemas/refund';

/**
 * The refund form's arithmetic and checks, the same as the server's (server/modules/refunds):
 * every product chosen may have the order's total back (freight included); some of them, the sum
 * of their shares after the discount. The messages are keys under "refund.check".
 */
export function mostFor(refundable: Refundable, chosen: number[]): Cents {
  if (chosen.length === 0 || chosen.length === refundable.products.length)
    return parseAmount(refundable.max) ?? 0;
  return refundable.products
    .filter((p) => chosen.includes(p.productId))
    .reduce((sum, p) => sum + (parseAmount(p.max) ?? 0), 0);
}

export const mostText = (refundable: Refundable, chosen: number[]) => toAmount(mostFor(refundable, chosen));

export interface RefundDraft {
  chosen: number[];
  amount: string;
  reason: string;
  explain: string;
  images: string[];
}

/** The first problem of the draft (a key under "refund.check"), or null when it may be sent. */
type Check =
  | 'itemsRequired'
  | 'amountRequired'
  | 'amountNegative'
  | 'amountInvalid'
  | 'amountZero'
  | 'amountAbove'
  | 'reasonRequired'
  | 'explainRequired'
  | 'proofRequired';

export function checkDraft(
  refundable: Refundable,
  d: RefundDraft,
): { key: `refund.check.${Check}`; max?: string } | null {
  if (d.chosen.length === 0) return { key: 'refund.check.itemsRequired' };
  const text = d.amount.trim();
  if (text === '') return { key: 'refund.check.amountRequired' };
  if (text.startsWith('-')) return { key: 'refund.check.amountNegative' };
  const cents = parseAmount(text);
  if (cents === undefined) return { key: 'refund.check.amountInvalid' };
  if (cents === 0) return { key: 'refund.check.amountZero' };
  const max = mostFor(refundable, d.chosen);
  if (cents > max) return { key: 'refund.check.amountAbove', max: toAmount(max) };
  if (!d.reason) return { key: 'refund.check.reasonRequired' };
  if (!d.explain.trim()) return { key: 'refund.check.explainRequired' };
  if (d.images.length === 0) return { key: 'refund.check.proofRequired' };
  return null;
}
