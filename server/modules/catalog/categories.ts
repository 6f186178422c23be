import { asc } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { BannerItem, CategoryItem } from '@common/schemas/catalog-answers';
import type { DbOrTx } from '../../db/client';
import { banners, categories } from '../../db/schema';
import { localised } from '../../lib/localised';
import { bannerImage } from './picture-addresses';

/** The columns of a category item, its name in `lang`. */
export const categoryColumns = (lang: Lang) => ({
  id: categories.id,
  key: categories.key,
  name: localised({ texts: categories.names }, lang),
});

export const categoryItem = (row: { id: number; key: string; name: string }): CategoryItem => ({
  id: row.id,
  key: row.key,
  name: row.name,
  icon: `/img/category/${row.id}`,
});

export async function listCategories(db: DbOrTx, lang: Lang): Promise<CategoryItem[]> {
  const rows = await db
    .select(categoryColumns(lang))
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map(categoryItem);
}

export async function listBanners(db: DbOrTx, lang: Lang): Promise<BannerItem[]> {
  const rows = await db
    .select({
      id: banners.id,
      title: localised({ texts: banners.titles }, lang),
      image: banners.image,
      link: banners.link,
    })
    .from(banners)
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    image: bannerImage(b.image),
    link: b.link,
  }));
}
