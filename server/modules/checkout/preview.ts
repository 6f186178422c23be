import { eq } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { formatMoney, toAmount } from '@common/money';
import type { CheckoutAnswer, CheckoutBody } from '@common/schemas/order';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { productImage } from '../catalog';
import { priceCheckout, type Priced } from './pricing';
import { toAddressItem } from '../address';
import { chosenAddress } from './shipping-address';

/** The promo code's effect as the checkout screen shows it: `error` is the stable key, `message` its text. */
function promoEffect(priced: Priced, lang: Lang): CheckoutAnswer['promo'] {
  const promo = priced.promo;
  if (!promo) return null;
  const code = promo.found?.promo.code ?? promo.code;
  if (!promo.verdict.ok) {
    const { key, params } = promo.verdict.error;
    return { code, applied: false, discount: '0.00', error: key, message: translate(lang, key, params) };
  }
  return {
    code,
    applied: true,
    discount: toAmount(priced.discount),
    error: null,
    message: translate(lang, 'checkout.promoApplied', { code, amount: formatMoney(priced.discount, lang) }),
  };
}

/**
 * POST /api/order/merCreate: what the checkout screen shows before anything is made. Reads only:
 * the lines by shop, the address, freight, the promo code's effect, totals, and the shopper's
 * balance and whether a payment password is set.
 */
export async function previewCheckout(
  db: DbOrTx,
  userId: number,
  lang: Lang,
  body: CheckoutBody,
): Promise<CheckoutAnswer> {
  const priced = await priceCheckout(db, userId, lang, body);
  const address = await chosenAddress(db, userId, body.address_id);
  const [user] = await db
    .select({ balance: users.balance, payPasswordHash: users.payPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return {
    groups: priced.shops.map((s) => ({
      shopId: s.shopId,
      shopName: s.shopName,
      shopAvatar: s.shopAvatar,
      lines: s.lines.map((l) => ({
        cartId: l.cartId,
        productId: l.productId,
        specId: l.specId,
        title: l.title,
        specText: l.specText,
        image: productImage(l.image),
        price: toAmount(l.price),
        num: l.num,
        subtotal: toAmount(l.price * l.num),
      })),
      goodsAmount: toAmount(s.goods),
      freight: toAmount(s.freight),
      discount: toAmount(s.discount),
      total: toAmount(s.total),
    })),
    address: address ? toAddressItem(address, lang) : null,
    promo: promoEffect(priced, lang),
    goodsAmount: toAmount(priced.goods),
    freight: toAmount(priced.freight),
    discount: toAmount(priced.discount),
    total: toAmount(priced.total),
    balance: toAmount(user.balance),
    hasPayPassword: user.payPasswordHash !== null,
  };
}
