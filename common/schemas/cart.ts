import { z } from 'zod';
import { id } from './fields';

/**
 * The cart (/api/cart/*). One line per product and spec; `spec_id` is the id of a spec in the
 * product detail's `specs` (absent or 0 for a product without specs). Selection is kept on the
 * server, so the bag and the checkout agree on every device.
 */
export const MAX_LINE_NUM = 999;

/** A quantity: a whole number from 1 to 999; anything else is refused with the one message. */
export const quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'cart.numInvalid' })
    .int({ error: 'cart.numInvalid' })
    .min(1, { error: 'cart.numInvalid' })
    .max(MAX_LINE_NUM, { error: 'cart.numInvalid' }),
);

/** A spec id; absent, "" and 0 mean "no spec". */
export const specId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === '0' ? 0 : v),
  z.union([z.literal(0), id('cart.specNotFound')]),
);

export const cartAddBody = z.object({
  product_id: id('errors.productNotFound'),
  spec_id: specId.optional(),
  num: quantity.optional(),
});
export const cartSetNumBody = z.object({ cart_id: id('errors.notFound'), num: quantity });
export const cartIdsBody = z.object({
  cart_ids: z.array(id('errors.notFound'), { error: 'errors.notFound' }).min(1).max(200),
});
/** Select or unselect lines: some (cart_ids), a shop's (mer_id) or all (neither). */
export const cartSelectBody = z.object({
  cart_ids: z.array(id('errors.notFound')).max(200).optional(),
  mer_id: id('errors.notFound').optional(),
  selected: z.boolean({ error: 'errors.invalidParam' }),
});

/**
 * What a line of goods shows wherever it stands (the bag, a checkout, an order): the product, its
 * spec, their title, picture, unit price and how many.
 */
export const goodsLineFields = {
  productId: z.number().int(),
  /** 0: the product has no specs. */
  specId: z.number().int(),
  title: z.string(),
  /** The spec's options in the request's language, e.g. "Red · M"; empty without a spec. */
  specText: z.string(),
  image: z.string(),
  /** Unit price (decimal string): now in the bag and a checkout, as bought in an order. */
  price: z.string(),
  num: z.number().int(),
};

export const cartLine = z.object({
  id: z.number().int(),
  ...goodsLineFields,
  /** Units that can be bought now (the spec's stock). */
  stock: z.number().int(),
  selected: z.boolean(),
  /** False when off sale, out of stock or the spec is gone: shown apart, never checked out. */
  available: z.boolean(),
  /** Why an unavailable line cannot be bought (null while it can): the bag says so on the line. */
  unavailableReason: z.enum(['offSale', 'soldOut', 'specGone']).nullable(),
  subtotal: z.string(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartShop = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  shopAvatar: z.string(),
  lines: z.array(cartLine),
});

/** GET /api/cart/index. `count` is the number of units in the cart (the bag tab's badge). */
export const cartAnswer = z.object({
  shops: z.array(cartShop),
  unavailable: z.array(cartLine),
  count: z.number().int(),
  selectedCount: z.number().int(),
  selectedTotal: z.string(),
});
export type CartAnswer = z.infer<typeof cartAnswer>;
