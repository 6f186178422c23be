import { and, desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { toAmount } from '@common/money';
import type { CartAnswer, CartLine } from '@common/schemas/cart';
import type { DbOrTx } from '../../db/client';
import { cartItems, products, productSpecs, shops } from '../../db/schema';
import { localised } from '../../lib/localised';
import { productImage, specLabel } from '../catalog';
import { withProducts } from './lines-query';

/**
 * Whether the cart line of the row in hand ("cart_items") can be bought now: its product is on sale
 * with stock and, for a product with specs, the line's spec is still one of them with stock (a line
 * without a spec on a product that has gained specs cannot be bought either). The one definition,
 * used by the cart's answer and by every write that selects lines, so the two never disagree.
 */
export const LINE_AVAILABLE = sql<boolean>`exists (
  select 1 from products p
  left join product_specs s on s.id = cart_items.spec_id and s.product_id = p.id
  where p.id = cart_items.product_id and p.on_sale and p.stock > 0 and case
    when cart_items.spec_id = 0 then not exists (select 1 from product_specs x where x.product_id = p.id)
    else s.stock > 0 end)`;

/** Units one line may buy now: the spec's stock (never above the product's total), or the product's. */
export const lineStock = (productStock: number, specStock: number | null, specId: number) =>
  specId === 0 ? productStock : Math.min(productStock, specStock ?? 0);

interface ShopGroup {
  shopId: number;
  shopName: string;
  shopAvatar: string;
  lines: CartLine[];
}

/**
 * GET /api/cart/index: the shopper's whole cart in one query (lines with their product, spec and
 * shop), titles and spec text in `lang`. Lines group by shop, newest first; lines that cannot be
 * bought come apart under `unavailable` and never count as selected. A line that became
 * unavailable while selected is unselected here (one more statement, only then), so a checkout
 * reading the selection later finds it unselected too.
 */
export async function readCart(db: DbOrTx, userId: number, lang: Lang): Promise<CartAnswer> {
  const rows = await withProducts(
    db
      .select({
        id: cartItems.id,
        productId: cartItems.productId,
        specId: cartItems.specId,
        num: cartItems.num,
        selected: cartItems.selected,
        title: localised(
          { translations: products.translations, field: 'title', fallback: products.title },
          lang,
        ),
        image: sql<string>`coalesce(${products.images}[1], '')`,
        productPrice: products.price,
        productStock: products.stock,
        specOptions: productSpecs.options,
        specPrice: productSpecs.price,
        specStock: productSpecs.stock,
        available: LINE_AVAILABLE,
        onSale: products.onSale,
        hasSpecs: sql<boolean>`exists (select 1 from ${productSpecs} x where x.product_id = ${products.id})`,
        shopId: shops.id,
        shopName: shops.name,
        shopAvatar: shops.avatar,
      })
      .from(cartItems)
      .$dynamic(),
  )
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.id));

  const groups = new Map<number, ShopGroup>();
  const unavailable: CartLine[] = [];
  let count = 0;
  let selectedCount = 0;
  let selectedTotal = 0;
  let staleSelection = false;
  for (const row of rows) {
    const available = Boolean(row.available);
    const price = row.specPrice ?? row.productPrice;
    const specGone = row.specId !== 0 ? row.specOptions === null : Boolean(row.hasSpecs);
    const line: CartLine = {
      id: row.id,
      productId: row.productId,
      specId: row.specId,
      title: row.title,
      specText: row.specOptions ? specLabel(row.specOptions, lang) : '',
      image: productImage(row.image),
      price: toAmount(price),
      num: row.num,
      stock: available ? lineStock(row.productStock, row.specStock, row.specId) : 0,
      selected: row.selected && available,
      available,
      unavailableReason: available ? null : specGone ? 'specGone' : !row.onSale ? 'offSale' : 'soldOut',
      subtotal: toAmount(price * row.num),
    };
    count += row.num;
    if (!available) {
      if (row.selected) staleSelection = true;
      unavailable.push(line);
      continue;
    }
    if (line.selected) {
      selectedCount += line.num;
      selectedTotal += price * line.num;
    }
    let group = groups.get(row.shopId);
    if (!group) {
      group = { shopId: row.shopId, shopName: row.shopName, shopAvatar: row.shopAvatar, lines: [] };
      groups.set(row.shopId, group);
    }
    group.lines.push(line);
  }
  if (staleSelection) {
    await db
      .update(cartItems)
      .set({ selected: false })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.selected, true), sql`not ${LINE_AVAILABLE}`));
  }
  return {
    shops: [...groups.values()],
    unavailable,
    count,
    selectedCount,
    selectedTotal: toAmount(selectedTotal),
  };
}
