import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import type { CartAnswer } from '@common/schemas/cart';
import { cartItems, categories, products, productSpecs, shops } from '@server/db/schema';
import { TEST_BOT_TOKEN, type TestApp } from '../../support/app';
import { signInitData, type TelegramTestUser } from '../../support/telegram';
import type { RealServer } from './server';

/**
 * A small catalogue of the screens' tests' own, made in the real server's database: two shops, a
 * lamp (5 in stock, $19.90) and a shirt with one spec in stock in shop A, a mug in shop B, and a
 * vase that goes off sale once it is in a bag.
 */
export interface SmallShop {
  shopA: number;
  shopB: number;
  lamp: number;
  shirt: number;
  red: number;
  mug: number;
  vase: number;
}

/** The file's small shop, made on `server` before its tests run (its ids are there by then). */
export function useSmallShop(server: RealServer): SmallShop {
  const shop = {} as SmallShop;
  beforeAll(async () => {
    Object.assign(shop, await smallShop(server.api));
  });
  return shop;
}

export async function smallShop(api: TestApp): Promise<SmallShop> {
  const db = api.database.db;
  await db.insert(categories).values({ id: 1, key: 'test', names: { 'en-US': 'Test' }, icon: 'box' });
  const [{ id: shopA }, { id: shopB }] = await db
    .insert(shops)
    .values([{ name: 'Alpha Store' }, { name: 'Beta Store' }])
    .returning({ id: shops.id });
  const product = async (
    values: Partial<typeof products.$inferInsert> & { shopId: number; title: string },
  ) => {
    const [row] = await db
      .insert(products)
      .values({ categoryId: 1, price: 1000, marketPrice: 1200, stock: 10, ...values })
      .returning({ id: products.id });
    return row.id;
  };
  const lamp = await product({ shopId: shopA, title: 'Desk Lamp', price: 1990, stock: 5 });
  const shirt = await product({ shopId: shopA, title: 'Linen Shirt', price: 2500, stock: 3 });
  const [{ id: red }] = await db
    .insert(productSpecs)
    .values({ productId: shirt, options: { colour: 'red', size: 'M' }, price: 2500, stock: 3 })
    .returning({ id: productSpecs.id });
  const mug = await product({ shopId: shopB, title: 'Tea Mug', price: 400, stock: 50 });
  const vase = await product({ shopId: shopA, title: 'Glass Vase', price: 3000, stock: 4 });
  return { shopA, shopB, lamp, shirt, red, mug, vase };
}

let nextTelegramId = 7_300_000_000;

/** A Telegram user already known to the shop (logged in once), with their token and shopper id. */
export async function telegramShopper(api: TestApp, language = 'en') {
  const user: TelegramTestUser = { id: nextTelegramId++, first_name: 'Bea', language_code: language };
  const res = await api.endpoint<{ userinfo: { token: string; id: number } }>('user.tgLogin', {
    body: { init_data: signInitData(TEST_BOT_TOKEN, { user }) },
  });
  if (res.code !== 1) throw new Error(`tg_login failed: ${res.msg}`);
  return { user, token: res.data.userinfo.token, id: res.data.userinfo.id };
}

/** Puts a product into a shopper's bag through the API. */
export async function addToBag(
  api: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<CartAnswer> {
  const res = await api.endpoint<CartAnswer>('cart.add', { body, token });
  if (res.code !== 1) throw new Error(`cart.add failed: ${res.msg}`);
  return res.data;
}

export const cartRows = (api: TestApp, userId: number) =>
  api.database.db.select().from(cartItems).where(eq(cartItems.userId, userId));
