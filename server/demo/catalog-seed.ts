import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { LANGS, type Lang } from '../../common/languages';
import type { DbOrTx } from '../db/client';
import { combinations, description, productTitles } from './titles';
import { CATALOG, type CategoryVocab } from './vocabulary';
import {
  banners,
  categories,
  products,
  productSpecs,
  shops,
  type ProductTranslations,
  type ShopTranslations,
} from '../db/schema';
import { int, pickOne, randFor, type Rand } from './prng';

/**
 * The demo catalogue: 10 categories, 14 shops, 4 banners and any number of products (360 on first
 * start, `npm run seed -- --products 100000` for the benchmark). Product number i is made from i
 * alone by a seeded generator, so every run and every machine gets the same catalogue, and asking
 * for more products only adds the missing ones.
 */
export const DEMO_PRODUCTS = 360;

interface DemoShop {
  /** A brand name, the same in every language. */
  name: string;
  /** The default (English) description; `translations` has the seven others. */
  description: string;
  translations: ShopTranslations;
  sells: string[];
  hot: boolean;
}

/** A description in the seven languages after English, in LANGS order. */
function shopTexts(...t: string[]): ShopTranslations {
  const others = LANGS.filter((l) => l !== 'en-US');
  return Object.fromEntries(others.map((l, i) => [l, { description: t[i] }])) as ShopTranslations;
}

export const DEMO_SHOPS: DemoShop[] = [
  {
    name: 'TechNova Official',
    description: 'Computers, phones and gadgets, with a 1-year warranty.',
    translations: shopTexts(
      '电脑、手机和数码小物，享一年质保。',
      'パソコン、スマホ、ガジェットを1年保証付きで。',
      '컴퓨터, 휴대폰, 각종 기기를 1년 보증과 함께.',
      'คอมพิวเตอร์ โทรศัพท์ และแกดเจ็ต พร้อมรับประกัน 1 ปี',
      'Computer, Handys und Gadgets mit 1 Jahr Garantie.',
      'Компьютеры, телефоны и гаджеты с гарантией 1 год.',
      'Bilgisayar, telefon ve teknolojik ürünler, 1 yıl garantili.',
    ),
    sells: ['computer', 'phone', 'electrical'],
    hot: true,
  },
  {
    name: 'Pixel Mobile Store',
    description: 'Phones and everything around them.',
    translations: shopTexts(
      '手机及各类周边配件。',
      'スマホと、その周りのすべて。',
      '휴대폰과 그에 필요한 모든 것.',
      'โทรศัพท์มือถือและทุกอย่างที่ใช้คู่กัน',
      'Handys und alles, was dazugehört.',
      'Смартфоны и всё, что к ним нужно.',
      'Telefonlar ve onlara dair her şey.',
    ),
    sells: ['phone', 'computer'],
    hot: true,
  },
  {
    name: 'Bright Home Appliances',
    description: 'Small appliances for every room.',
    translations: shopTexts(
      '适合每个房间的小家电。',
      'どの部屋にも合う小型家電。',
      '집안 곳곳을 위한 소형 가전.',
      'เครื่องใช้ไฟฟ้าขนาดเล็กสำหรับทุกห้อง',
      'Kleingeräte für jeden Raum.',
      'Мелкая бытовая техника для любой комнаты.',
      'Her oda için küçük ev aletleri.',
    ),
    sells: ['electrical', 'family'],
    hot: false,
  },
  {
    name: 'Nordic Home Living',
    description: 'Simple, warm things for the home.',
    translations: shopTexts(
      '简约又温馨的家居好物。',
      'シンプルで温もりのある暮らしの道具。',
      '심플하고 따뜻한 집을 위한 물건들.',
      'ของแต่งบ้านเรียบง่ายและอบอุ่น',
      'Schlichte, gemütliche Dinge fürs Zuhause.',
      'Простые и уютные вещи для дома.',
      'Ev için sade ve sıcak ürünler.',
    ),
    sells: ['family', 'electrical'],
    hot: true,
  },
  {
    name: 'Peak Outdoor Gear',
    description: 'Tents, packs and boots tested on real trails.',
    translations: shopTexts(
      '帐篷、背包和登山靴，都经过真实山路检验。',
      '本物のトレイルで試したテント、バックパック、ブーツ。',
      '실제 산길에서 검증한 텐트, 배낭, 등산화.',
      'เต็นท์ กระเป๋าเป้ และรองเท้าเดินป่า ผ่านการทดสอบบนเส้นทางจริง',
      'Zelte, Rucksäcke und Stiefel, auf echten Wanderwegen getestet.',
      'Палатки, рюкзаки и ботинки, проверенные на настоящих тропах.',
      'Gerçek patikalarda test edilmiş çadırlar, sırt çantaları ve botlar.',
    ),
    sells: ['outdoors', 'men'],
    hot: true,
  },
  {
    name: 'Vital Health Shop',
    description: 'Everyday health and fitness.',
    translations: shopTexts(
      '日常健康与健身好物。',
      '毎日の健康とフィットネスに。',
      '매일의 건강과 피트니스를 위해.',
      'สุขภาพและฟิตเนสสำหรับทุกวัน',
      'Gesundheit und Fitness für jeden Tag.',
      'Здоровье и фитнес на каждый день.',
      'Her gün için sağlık ve fitness.',
    ),
    sells: ['health', 'food'],
    hot: false,
  },
  {
    name: 'Urban Threads',
    description: "Men's clothing for work and weekend.",
    translations: shopTexts(
      '男装，上班周末都好穿。',
      '仕事にも週末にも着られるメンズ服。',
      '출근부터 주말까지, 남성 의류.',
      'เสื้อผ้าผู้ชายสำหรับวันทำงานและวันหยุด',
      'Herrenmode für Büro und Wochenende.',
      'Мужская одежда для работы и выходных.',
      'İş ve hafta sonu için erkek giyim.',
    ),
    sells: ['men'],
    hot: true,
  },
  {
    name: 'Blossom Boutique',
    description: "Women's fashion, new styles every week.",
    translations: shopTexts(
      '女装时尚，每周上新。',
      'レディースファッション、毎週新作入荷。',
      '여성 패션, 매주 새로운 스타일.',
      'แฟชั่นผู้หญิง มีสไตล์ใหม่ทุกสัปดาห์',
      'Damenmode mit neuen Styles jede Woche.',
      'Женская мода, новые модели каждую неделю.',
      'Kadın modası, her hafta yeni stiller.',
    ),
    sells: ['women'],
    hot: true,
  },
  {
    name: 'Sakura Select',
    description: 'Favourites from Japan: fashion, home and snacks.',
    translations: shopTexts(
      '日本人气好物：服饰、家居和零食。',
      '日本の人気アイテム：ファッション、生活雑貨、お菓子。',
      '일본에서 온 인기 상품: 패션, 생활용품, 간식.',
      'สินค้ายอดนิยมจากญี่ปุ่น: แฟชั่น ของใช้ในบ้าน และขนม',
      'Lieblingsstücke aus Japan: Mode, Wohnen und Snacks.',
      'Любимые товары из Японии: одежда, всё для дома и снеки.',
      "Japonya'dan favoriler: moda, ev ve atıştırmalıklar.",
    ),
    sells: ['women', 'family', 'food'],
    hot: false,
  },
  {
    name: 'Green Valley Foods',
    description: 'Organic food from small farms.',
    translations: shopTexts(
      '来自小农场的有机食品。',
      '小さな農場から届くオーガニック食品。',
      '작은 농장에서 온 유기농 식품.',
      'อาหารออร์แกนิกจากฟาร์มเล็ก ๆ',
      'Bio-Lebensmittel von kleinen Höfen.',
      'Органические продукты с небольших ферм.',
      'Küçük çiftliklerden organik gıdalar.',
    ),
    sells: ['food', 'health'],
    hot: true,
  },
  {
    name: 'Little Stars Toys',
    description: 'Toys that teach and toys that are just fun.',
    translations: shopTexts(
      '有寓教于乐的玩具，也有纯粹好玩的玩具。',
      '学べるおもちゃも、ただ楽しいおもちゃも。',
      '배우는 장난감도, 그냥 재미있는 장난감도.',
      'ของเล่นเสริมการเรียนรู้ และของเล่นที่สนุกอย่างเดียว',
      'Spielzeug zum Lernen und Spielzeug einfach zum Spaß.',
      'Игрушки, которые учат, и игрушки просто для радости.',
      'Öğreten oyuncaklar ve sadece eğlenceli oyuncaklar.',
    ),
    sells: ['toys'],
    hot: true,
  },
  {
    name: 'Bangkok Market',
    description: 'Thai snacks, fashion and toys.',
    translations: shopTexts(
      '泰国零食、服饰和玩具。',
      'タイのお菓子、ファッション、おもちゃ。',
      '태국 간식, 패션, 장난감.',
      'ขนมไทย แฟชั่น และของเล่น',
      'Thailändische Snacks, Mode und Spielzeug.',
      'Тайские снеки, одежда и игрушки.',
      'Tayland atıştırmalıkları, moda ve oyuncaklar.',
    ),
    sells: ['food', 'women', 'toys'],
    hot: false,
  },
  {
    name: 'Berlin Basics',
    description: 'Good basics that last.',
    translations: shopTexts(
      '经久耐用的优质基本款。',
      '長く使える、上質なベーシックアイテム。',
      '오래가는 좋은 기본 아이템.',
      'ของเบสิกคุณภาพดีที่ใช้ได้นาน',
      'Gute Basics, die lange halten.',
      'Качественные базовые вещи надолго.',
      'Uzun ömürlü, kaliteli temel parçalar.',
    ),
    sells: ['men', 'women', 'family'],
    hot: false,
  },
  {
    name: 'Istanbul Bazaar',
    description: 'Home, food and travel goods from the bazaar.',
    translations: shopTexts(
      '来自巴扎的家居、美食和旅行用品。',
      'バザールから届く生活雑貨、食品、旅行用品。',
      '바자르에서 온 생활용품, 식품, 여행용품.',
      'ของใช้ในบ้าน อาหาร และของใช้สำหรับการเดินทางจากตลาดบาซาร์',
      'Wohnen, Essen und Reisebedarf aus dem Basar.',
      'Товары для дома, еда и всё для путешествий с базара.',
      'Çarşıdan ev, gıda ve seyahat ürünleri.',
    ),
    sells: ['family', 'food', 'outdoors'],
    hot: false,
  },
];

type Texts = Record<Lang, string>;
const texts = (...t: string[]) => Object.fromEntries(LANGS.map((l, i) => [l, t[i]])) as Texts;

const DEMO_BANNERS: { titles: Texts; link: string }[] = [
  {
    titles: texts(
      'Summer Outdoor Sale',
      '夏季户外特卖',
      '夏のアウトドアセール',
      '여름 아웃도어 세일',
      'ลดราคาสินค้าเอาท์ดอร์ฤดูร้อน',
      'Outdoor-Sommerverkauf',
      'Летняя распродажа для отдыха',
      'Yaz Açık Hava İndirimi',
    ),
    link: '/products?category_id=3',
  },
  {
    titles: texts(
      'New Phones Are Here',
      '新款手机上市',
      '新しいスマホが登場',
      '신상 휴대폰 출시',
      'มือถือรุ่นใหม่มาแล้ว',
      'Neue Handys sind da',
      'Новые смартфоны уже здесь',
      'Yeni Telefonlar Geldi',
    ),
    link: '/products?category_id=9',
  },
  {
    titles: texts(
      'Healthy Living Week',
      '健康生活周',
      '健康生活ウィーク',
      '건강한 생활 주간',
      'สัปดาห์สุขภาพดี',
      'Woche des gesunden Lebens',
      'Неделя здорового образа жизни',
      'Sağlıklı Yaşam Haftası',
    ),
    link: '/products?category_id=5',
  },
  {
    titles: texts(
      'Hot Shops to Follow',
      '人气店铺推荐',
      '人気ショップをフォロー',
      '인기 상점 팔로우',
      'ร้านค้ายอดนิยมที่น่าติดตาม',
      'Beliebte Shops zum Folgen',
      'Популярные магазины',
      'Takip Edilecek Popüler Mağazalar',
    ),
    link: '/popular',
  },
];

const COLOURS = ['black', 'white', 'red', 'blue', 'green', 'grey', 'pink', 'yellow'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const STORAGE = ['128GB', '256GB', '512GB'];
/** Products before this instant are "older"; product i is listed i * 10 minutes after it. */
const LISTING_START = Date.UTC(2025, 0, 1);

type ProductRow = typeof products.$inferInsert;
type SpecRow = typeof productSpecs.$inferInsert;

/** Whole dollars and a typical ending: 24.99, 24.90, 24.50. */
function priceNear(rand: Rand, dollars: number): number {
  const whole = Math.max(1, Math.floor(dollars * (0.75 + rand() * 0.75)));
  return whole * 100 + pickOne(rand, [99, 90, 50]);
}

function someOf<T>(rand: Rand, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  const n = int(rand, min, max);
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
}

function makeSpecs(
  rand: Rand,
  c: CategoryVocab,
  nounEn: string,
  price: number,
): Omit<SpecRow, 'productId'>[] {
  const chance = c.specs === 'apparel' ? 0.8 : c.specs === 'none' ? 0 : 0.5;
  if (rand() >= chance) return [];
  const colours = someOf(rand, COLOURS, 2, 4);
  const rows: { options: Record<string, string>; price: number }[] = [];
  if (c.specs === 'apparel') {
    const start = int(rand, 0, 1);
    const sizes = SIZES.slice(start, start + int(rand, 3, 4));
    for (const colour of colours.slice(0, 3)) {
      for (const size of sizes)
        rows.push({ options: { colour, size }, price: price + (size.startsWith('XX') ? 300 : 0) });
    }
  } else if (c.specs === 'phone' && nounEn === 'Smartphone') {
    for (const colour of colours.slice(0, 3)) {
      STORAGE.forEach((storage, i) => rows.push({ options: { colour, storage }, price: price + i * 10000 }));
    }
  } else {
    for (const colour of colours) rows.push({ options: { colour }, price });
  }
  return rows.map((r, sort) => ({ ...r, sort, stock: rand() < 0.08 ? 0 : int(rand, 1, 80) }));
}

/**
 * Everything about demo product number i except its id and shop id. Its `noun` (the kind of
 * product) is not stored: the default title names it, and the picture's pictogram is read from
 * there (images/product-pictogram.ts).
 */
export function demoProduct(i: number) {
  const c = CATALOG[i % CATALOG.length];
  const combos = combinations(c);
  const k = Math.floor(i / CATALOG.length);
  const { adjective, noun } = combos[k % combos.length];
  const rand = randFor(`demo-product:${i}`);
  const series = Math.floor(k / combos.length);
  // Past the first round of adjective-noun pairs, a model code keeps titles apart.
  const model = series > 0 ? ` ${String.fromCharCode(65 + (series % 26))}${int(rand, 10, 99)}` : '';
  const titles = productTitles(adjective, noun);
  const title = (lang: Lang) => titles[lang] + model;
  const translations: ProductTranslations = {};
  for (const lang of LANGS) {
    if (lang !== 'en-US')
      translations[lang] = { title: title(lang), description: description(lang, title(lang)) };
  }
  const price = priceNear(rand, noun.price);
  const specs = makeSpecs(rand, c, noun.en, price);
  const sales = Math.floor(Math.exp(rand() * 8.5)) - 1;
  return {
    category: c,
    noun,
    shopPick: rand(),
    images: int(rand, 3, 4),
    product: {
      categoryId: c.id,
      title: title('en-US'),
      description: description('en-US', title('en-US')),
      translations,
      price,
      marketPrice: Math.ceil((price * (1.15 + rand() * 0.55)) / 100) * 100 - 1,
      stock: specs.length
        ? specs.reduce((sum, s) => sum + (s.stock ?? 0), 0)
        : rand() < 0.05
          ? 0
          : int(rand, 5, 999),
      sales,
      seen: sales * int(rand, 3, 12) + int(rand, 20, 400),
      hot: rand() < 0.15,
      recommended: rand() < 0.18,
      isDemo: true,
      createdAt: new Date(LISTING_START + i * 600_000),
    },
    specs,
  };
}

async function seedCategories(db: DbOrTx): Promise<void> {
  await db
    .insert(categories)
    .values(CATALOG.map((c) => ({ id: c.id, key: c.key, names: c.names, sort: c.id, icon: c.icon })))
    .onConflictDoUpdate({
      target: categories.id,
      set: {
        key: sql`excluded.key`,
        names: sql`excluded.names`,
        sort: sql`excluded.sort`,
        icon: sql`excluded.icon`,
      },
    });
}

/**
 * Demo shops made before shops had translations (databases seeded by an older version) get the
 * seed's translations, once: afterwards none is empty and this costs nothing. A shop whose
 * description was changed since keeps what it has, as a translation of the old text would be wrong.
 */
async function translateOldShops(
  db: DbOrTx,
  found: { id: number; name: string; description: string; translated: boolean }[],
): Promise<void> {
  for (const row of found) {
    const demo = DEMO_SHOPS.find((s) => s.name === row.name);
    if (row.translated || !demo || demo.description !== row.description) continue;
    await db
      .update(shops)
      .set({ translations: demo.translations })
      .where(and(eq(shops.id, row.id), sql`${shops.translations} = '{}'::jsonb`));
  }
}

async function seedShops(db: DbOrTx): Promise<Map<string, number>> {
  const names = DEMO_SHOPS.map((s) => s.name);
  const found = await db
    .select({
      id: shops.id,
      name: shops.name,
      description: shops.description,
      translated: sql<boolean>`${shops.translations} <> '{}'::jsonb`,
    })
    .from(shops)
    .where(and(eq(shops.isDemo, true), inArray(shops.name, names)));
  await translateOldShops(db, found);
  const existing = found.map(({ id, name }) => ({ id, name }));
  const have = new Set(existing.map((s) => s.name));
  const missing = DEMO_SHOPS.filter((s) => !have.has(s.name));
  if (missing.length) {
    const added = await db
      .insert(shops)
      .values(
        missing.map((s) => {
          const rand = randFor(`demo-shop:${s.name}`);
          return {
            name: s.name,
            description: s.description,
            translations: s.translations,
            fans: int(rand, 800, 60000),
            favorableRate: int(rand, 930, 998),
            level: int(rand, 2, 5),
            hot: s.hot,
            isDemo: true,
          };
        }),
      )
      .returning({ id: shops.id, name: shops.name });
    existing.push(...added);
    await db
      .update(shops)
      .set({
        avatar: sql`'/img/shop/' || ${shops.id} || '/avatar'`,
        banner: sql`'/img/shop/' || ${shops.id} || '/banner'`,
      })
      .where(
        inArray(
          shops.id,
          added.map((s) => s.id),
        ),
      );
  }
  return new Map(existing.map((s) => [s.name, s.id]));
}

async function seedBanners(db: DbOrTx): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(banners);
  if (n > 0) return;
  await db.insert(banners).values(DEMO_BANNERS.map((b, sort) => ({ ...b, image: '', sort, isDemo: true })));
  await db
    .update(banners)
    .set({ image: sql`'/img/banner/' || ${banners.id}` })
    .where(eq(banners.image, ''));
}

async function reserveProductIds(db: DbOrTx, n: number): Promise<number[]> {
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('products', 'id'))::int` })
    .from(sql`generate_series(1, ${n})`);
  return rows.map((r) => Number(r.id));
}

/** Adds demo products number `from` to `to - 1`, `batch` at a time, with multi-row inserts. */
async function addProducts(
  db: DbOrTx,
  shopIds: Map<string, number>,
  from: number,
  to: number,
  batch: number,
  progress?: (done: number) => void,
): Promise<void> {
  const sellers = new Map(
    CATALOG.map((c) => [
      c.key,
      DEMO_SHOPS.filter((s) => s.sells.includes(c.key)).map((s) => shopIds.get(s.name)!),
    ]),
  );
  for (let start = from; start < to; start += batch) {
    const end = Math.min(to, start + batch);
    const ids = await reserveProductIds(db, end - start);
    const rows: ProductRow[] = [];
    const specRows: SpecRow[] = [];
    for (let i = start; i < end; i++) {
      const id = ids[i - start];
      const made = demoProduct(i);
      const shopsOfCategory = sellers.get(made.category.key)!;
      const shopId = shopsOfCategory[Math.floor(made.shopPick * shopsOfCategory.length)];
      const images = Array.from({ length: made.images }, (_, n) => `/img/product/${id}/${n}`);
      rows.push({ ...made.product, id, shopId, images });
      for (const spec of made.specs) specRows.push({ ...spec, productId: id });
    }
    await db.insert(products).values(rows);
    for (let s = 0; s < specRows.length; s += 5000)
      await db.insert(productSpecs).values(specRows.slice(s, s + 5000));
    progress?.(end);
  }
}

async function refreshShopTotals(db: DbOrTx): Promise<void> {
  const ofShop = sql`${products.shopId} = ${shops.id}`;
  await db
    .update(shops)
    .set({
      productCount: sql`(select count(*) from ${products} where ${ofShop})`,
      totalSales: sql`(select coalesce(sum(${products.sales}), 0) from ${products} where ${ofShop})`,
    })
    .where(eq(shops.isDemo, true));
}

export interface SeedResult {
  shops: number;
  products: number;
  added: number;
}

/**
 * Makes sure the demo catalogue holds at least `size` products. Idempotent: a second run with the
 * same size adds nothing. Run it inside a transaction (seedDemo does) or alone (the seed command).
 */
export async function seedCatalog(
  db: DbOrTx,
  opts: { products?: number; batch?: number; progress?: (done: number) => void } = {},
): Promise<SeedResult> {
  const size = opts.products ?? DEMO_PRODUCTS;
  await seedCategories(db);
  const shopIds = await seedShops(db);
  await seedBanners(db);
  const [{ have }] = await db.select({ have: count() }).from(products).where(eq(products.isDemo, true));
  if (have < size) {
    await addProducts(db, shopIds, have, size, opts.batch ?? 1000, opts.progress);
    await refreshShopTotals(db);
  }
  return { shops: shopIds.size, products: Math.max(have, size), added: Math.max(0, size - have) };
}
