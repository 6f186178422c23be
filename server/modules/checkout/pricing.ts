import type { Lang } from '@common/languages';
import type { CheckoutBody } from '@common/schemas/order';
import { together, type DbOrTx } from '../../db/client';
import { freightFor, freightRule } from './freight';
import { groupByShop, loadLines, type ShopLines } from './lines';
import { findPromo, judgePromo, type FoundPromo, type PromoVerdict } from './promo';
import { splitByWeight } from '../../lib/split';

/**
 * A checkout's amounts, the same for the preview and the submit: goods per shop at today's prices,
 * freight per shop (the operator's rule), the promo code's discount on all goods split over the
 * shops in proportion to their goods (exact cents), and the totals. Integer cents throughout.
 */
export interface PricedShop extends ShopLines {
  goods: number;
  freight: number;
  discount: number;
  total: number;
}

export interface PromoOutcome {
  code: string;
  found: FoundPromo | undefined;
  verdict: PromoVerdict;
}

export interface Priced {
  shops: PricedShop[];
  goods: number;
  freight: number;
  discount: number;
  total: number;
  promo: PromoOutcome | null;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** `lockPromo`: inside the submit's transaction, the code's row is locked while it is judged and used. */
export async function priceCheckout(
  db: DbOrTx,
  userId: number,
  lang: Lang,
  body: CheckoutBody,
  lockPromo = false,
): Promise<Priced> {
  // Both reads at once: one round trip.
  const [lines, rule] = await together([loadLines(db, userId, lang, body), freightRule(db)]);
  const groups = groupByShop(lines);
  const goodsPerShop = groups.map((g) => sum(g.lines.map((l) => l.price * l.num)));
  const goods = sum(goodsPerShop);
  let promo: PromoOutcome | null = null;
  if (body.promo_code) {
    const found = await findPromo(db, body.promo_code, userId, lockPromo);
    promo = { code: body.promo_code, found, verdict: judgePromo(body.promo_code, found, goods, lang) };
  }
  const discount = promo?.verdict.ok ? promo.verdict.discount : 0;
  const discounts = splitByWeight(discount, goodsPerShop);
  const shops = groups.map((g, i) => {
    const freight = freightFor(goodsPerShop[i], rule);
    return {
      ...g,
      goods: goodsPerShop[i],
      freight,
      discount: discounts[i],
      total: goodsPerShop[i] + freight - discounts[i],
    };
  });
  const freight = sum(shops.map((s) => s.freight));
  return { shops, goods, freight, discount, total: goods + freight - discount, promo };
}
