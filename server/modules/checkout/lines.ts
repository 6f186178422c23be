import { and, desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { CheckoutBody } from '@common/schemas/order';
import type { DbOrTx } from '../../db/client';
import { arrayParam, statement } from '../../db/statement';
import { cartItems, products, productSpecs, shops } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { withProducts } from '../cart';
import { localTitle, specLabel } from '../catalog';

/**
 * What is being bought, read in one query: a "buy now" product (product_id, spec_id, number), the
 * given cart lines (cart_ids), or else the shopper's selected cart lines that can be bought now.
 * Titles and spec texts are in the request's language, prices and stock as they are now.
 */
export const MAX_LINES = 200;

export interface BuyLine {
  /** Null for "buy now". */
  cartId: number | null;
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  shopId: number;
  shopName: string;
  shopAvatar: string;
  title: string;
  specOptions: Record<string, string>;
  specText: string;
  /** The product's first picture as stored (its address as the catalogue answers it: productImage). */
  image: string;
  /** Unit price now, cents. */
  price: number;
  num: number;
  /** Units that can be bought now (the spec's stock, else the product's). */
  stock: number;
  onSale: boolean;
  /** The line names no spec of the product: the spec is gone, or the product needs one. */
  specMissing: boolean;
}

export interface ShopLines {
  shopId: number;
  shopName: string;
  shopAvatar: string;
  lines: BuyLine[];
}

const columns = (lang: Lang) => ({
  productId: products.id,
  shopId: shops.id,
  shopName: shops.name,
  shopAvatar: shops.avatar,
  title: localTitle(lang),
  image: sql<string>`coalesce(${products.images}[1], '')`,
  onSale: products.onSale,
  productPrice: products.price,
  productStock: products.stock,
  specFound: sql<boolean>`${productSpecs.id} is not null`,
  specOptions: productSpecs.options,
  specPrice: productSpecs.price,
  specStock: productSpecs.stock,
  hasSpecs: sql<boolean>`exists (select 1 from product_specs ps where ps.product_id = products.id)`,
});

interface LineRow {
  productId: number;
  shopId: number;
  shopName: string;
  shopAvatar: string;
  title: string;
  image: string;
  onSale: boolean;
  productPrice: number;
  productStock: number;
  specFound: boolean;
  specOptions: Record<string, string> | null;
  specPrice: number | null;
  specStock: number | null;
  hasSpecs: boolean;
}

function toLine(row: LineRow, cartId: number | null, specId: number, num: number, lang: Lang): BuyLine {
  const withSpec = specId !== 0 && row.specFound;
  return {
    cartId,
    productId: row.productId,
    specId,
    shopId: row.shopId,
    shopName: row.shopName,
    shopAvatar: row.shopAvatar,
    title: row.title,
    specOptions: withSpec ? (row.specOptions ?? {}) : {},
    specText: withSpec ? specLabel(row.specOptions ?? {}, lang) : '',
    image: row.image,
    price: withSpec ? (row.specPrice ?? 0) : row.productPrice,
    num,
    stock: withSpec ? (row.specStock ?? 0) : row.productStock,
    onSale: row.onSale,
    specMissing: specId === 0 ? row.hasSpecs : !row.specFound,
  };
}

/** Can be bought at all now (off-sale, sold-out and spec-less lines are shown apart in the cart). */
const buyable = (l: BuyLine) => l.onSale && !l.specMissing && l.stock > 0;

/** Throws the clear reason a line cannot be bought as it stands; nothing when it can. */
export function assertBuyable(line: BuyLine): void {
  if (line.specMissing) throw new AppError('checkout.specMissing', { title: line.title });
  if (!line.onSale) throw new AppError('checkout.offSale', { title: line.title });
  if (line.stock <= 0) throw new AppError('checkout.soldOut', { title: line.title });
  if (line.num > line.stock)
    throw new AppError('checkout.stockShort', { title: line.title, stock: line.stock });
}

/** One statement per language (the title's column is the language's). */
function perLanguage<S>(make: (lang: Lang) => S): (lang: Lang) => S {
  const made = new Map<Lang, S>();
  return (lang) => {
    let one = made.get(lang);
    if (!one) made.set(lang, (one = make(lang)));
    return one;
  };
}

const buyNowLine = perLanguage((lang) =>
  statement<{ productId: number; specId: number }, LineRow[]>((db) =>
    db
      .select(columns(lang))
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .leftJoin(
        productSpecs,
        and(eq(productSpecs.id, sql.placeholder('specId')), eq(productSpecs.productId, products.id)),
      )
      .where(eq(products.id, sql.placeholder('productId'))),
  ),
);

async function buyNow(
  db: DbOrTx,
  lang: Lang,
  body: CheckoutBody & { product_id: number },
): Promise<BuyLine[]> {
  const specId = body.spec_id ?? 0;
  const [row] = await buyNowLine(lang)(db, { productId: body.product_id, specId });
  if (!row) throw new NotFoundError('errors.productNotFound');
  // A spec of another product, or one that does not exist: the same answer.
  if (specId !== 0 && !row.specFound) throw new NotFoundError('checkout.specNotFound');
  const line = toLine(row, null, specId, body.number ?? 1, lang);
  assertBuyable(line);
  return [line];
}

type CartLineRow = LineRow & { cartId: number; specId: number; num: number };

/** The shopper's cart lines being bought: the given ones (`ids`), else the selected ones. */
const cartLines = (given: boolean) =>
  perLanguage((lang) =>
    statement<{ userId: number; ids: string }, CartLineRow[]>((db) =>
      withProducts(
        db
          .select({
            ...columns(lang),
            cartId: cartItems.id,
            specId: cartItems.specId,
            num: cartItems.num,
          })
          .from(cartItems)
          .$dynamic(),
      )
        .where(
          and(
            eq(cartItems.userId, sql.placeholder('userId')),
            given
              ? sql`${cartItems.id} = any(${sql.placeholder('ids')}::bigint[])`
              : eq(cartItems.selected, true),
          ),
        )
        .orderBy(desc(cartItems.id))
        .limit(MAX_LINES + 1),
    ),
  );
const givenLines = cartLines(true);
const selectedLines = cartLines(false);

async function fromCart(db: DbOrTx, userId: number, lang: Lang, cartIds?: number[]): Promise<BuyLine[]> {
  const ids = cartIds && [...new Set(cartIds)];
  const rows = await (ids ? givenLines : selectedLines)(lang)(db, {
    userId,
    ids: arrayParam(ids ?? []),
  });
  if (rows.length > MAX_LINES) throw new AppError('checkout.tooManyLines', { max: MAX_LINES });
  const lines = rows.map((r) => toLine(r, r.cartId, r.specId, r.num, lang));
  if (ids) {
    // Another shopper's line looks exactly like one that left the cart.
    if (lines.length !== ids.length) throw new NotFoundError('checkout.lineGone');
    lines.forEach(assertBuyable);
    return lines;
  }
  const chosen = lines.filter(buyable);
  chosen.forEach(assertBuyable);
  return chosen;
}

/** The lines being bought; none at all is refused with "Select items to check out". */
export async function loadLines(
  db: DbOrTx,
  userId: number,
  lang: Lang,
  body: CheckoutBody,
): Promise<BuyLine[]> {
  const lines =
    body.product_id !== undefined
      ? await buyNow(db, lang, { ...body, product_id: body.product_id })
      : await fromCart(db, userId, lang, body.cart_ids?.length ? body.cart_ids : undefined);
  if (lines.length === 0) throw new AppError('checkout.nothingSelected');
  return lines;
}

/** Lines grouped by shop, shops in the order of their first line. */
export function groupByShop(lines: BuyLine[]): ShopLines[] {
  const groups = new Map<number, ShopLines>();
  for (const line of lines) {
    let group = groups.get(line.shopId);
    if (!group) {
      group = { shopId: line.shopId, shopName: line.shopName, shopAvatar: line.shopAvatar, lines: [] };
      groups.set(line.shopId, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}
