import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { banners, shops } from '../../server/db/schema';
import { localised } from '../../server/lib/localised';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let shopId: number;
beforeAll(async () => {
  const [shop] = await t.database.db
    .insert(shops)
    .values({
      name: 'Brand',
      description: 'Default text',
      translations: { 'de-DE': { description: 'Deutscher Text' }, 'ru-RU': { description: '' } },
    })
    .returning({ id: shops.id });
  shopId = shop.id;
});

const description = { translations: shops.translations, field: 'description', fallback: shops.description };

async function shopText(lang: Parameters<typeof localised>[1]): Promise<string> {
  const [row] = await t.database.db
    .select({ text: localised(description, lang) })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row.text;
}

async function bannerTitle(titles: Record<string, string>, lang: Parameters<typeof localised>[1]) {
  const [row] = await t.database.db
    .insert(banners)
    .values({ titles, image: 'x.png' })
    .returning({ id: banners.id });
  const [read] = await t.database.db
    .select({ text: localised({ texts: banners.titles }, lang) })
    .from(banners)
    .where(eq(banners.id, row.id));
  return read.text;
}

describe('localised: stored content in the shopper language, else English', () => {
  it('a translation column answers the text in the asked language', async () => {
    expect(await shopText('de-DE')).toBe('Deutscher Text');
  });

  it('a missing or empty translation falls back to the default (English) column', async () => {
    expect(await shopText('ja-JP')).toBe('Default text');
    expect(await shopText('ru-RU')).toBe('Default text');
    expect(await shopText('en-US')).toBe('Default text');
  });

  it('a jsonb of texts answers the language, else English, else any language it has', async () => {
    expect(await bannerTitle({ 'en-US': 'Sale', 'th-TH': 'ลดราคา' }, 'th-TH')).toBe('ลดราคา');
    expect(await bannerTitle({ 'en-US': 'Sale', 'th-TH': '' }, 'th-TH')).toBe('Sale');
    expect(await bannerTitle({ 'en-US': 'Sale' }, 'ko-KR')).toBe('Sale');
    expect(await bannerTitle({ 'zh-CN': '特卖' }, 'ko-KR')).toBe('特卖');
    expect(await bannerTitle({}, 'ko-KR')).toBe('');
  });
});
