import { asc } from 'drizzle-orm';
import type { Lang } from '../../../common/languages';
import { DEFAULT_LANG } from '../../../common/languages';
import type { BannerItem, CategoryItem } from '../../../common/schemas/catalog';
import type { DbOrTx } from '../../db/client';
import { banners, categories, type LangText } from '../../db/schema';
import { bannerImage } from './picture-addresses';

/** The text in `lang`, else English, else any. */
export const pick = (texts: LangText, lang: Lang): string =>
  texts[lang] ?? texts[DEFAULT_LANG] ?? Object.values(texts)[0] ?? '';

export const categoryItem = (row: typeof categories.$inferSelect, lang: Lang): CategoryItem => ({
  id: row.id,
  key: row.key,
  name: pick(row.names, lang),
  icon: `/img/category/${row.id}`,
});

export async function listCategories(db: DbOrTx, lang: Lang): Promise<CategoryItem[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((row) => categoryItem(row, lang));
}

export async function listBanners(db: DbOrTx, lang: Lang): Promise<BannerItem[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({
    id: b.id,
    title: pick(b.titles, lang),
    image: bannerImage(b.image),
    link: b.link,
  }));
}
