import { eq } from 'drizzle-orm';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { products, shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { useApp } from '../support/use-app';

/**
 * A test app with demo data on and a small demo catalogue (the generator takes a size; 60 products
 * cover every category six times) and helpers for the catalogue suites.
 */
/** The file's catalogue app (`size` products), made before its tests and closed after them. */
export const useCatalogApp = (size = 60) => useApp(() => catalogApp(size));

export async function catalogApp(size = 60): Promise<TestApp> {
  const t = await createTestApp({ DEMO_DATA: true });
  await seedCatalog(t.database.db, { products: size });
  return t;
}

export interface Envelope<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** A shop of the tests' own, with no fans, so counts start from zero. */
export async function plainShop(t: TestApp, name = 'Test Shop'): Promise<number> {
  const [row] = await t.database.db.insert(shops).values({ name }).returning({ id: shops.id });
  return row.id;
}

export async function productRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function shopRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(shops).where(eq(shops.id, id));
  return row;
}

/** Registers `n` shoppers with distinct accounts; answers their tokens. */
export async function shoppers(
  t: TestApp,
  prefix: string,
  n: number,
): Promise<{ token: string; id: number }[]> {
  const out: { token: string; id: number }[] = [];
  for (let i = 0; i < n; i++) out.push(await t.register(`${prefix}${i}`));
  return out;
}
