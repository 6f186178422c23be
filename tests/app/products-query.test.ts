import { describe, expect, it } from 'vitest';
import {
  PRODUCT_SORTS,
  PRODUCTS_PAGE_SIZE,
  productsPath,
  readProductsQuery,
  SEARCH_MAX,
  toSearchParams,
  type ProductsQuery,
} from '../../common/products-query';

/** Reads the query of an address the way the /products page does. */
const read = (search: string) => readProductsQuery(new URLSearchParams(search));
/** The query an address built from `q` reads back as. */
const roundTrip = (q: ProductsQuery) => read(productsPath(q).split('?')[1] ?? '');

describe('products query: reading the address', () => {
  it('reads every field of a full address', () => {
    expect(read('category_id=3&title=lamp&sort=price_asc&min_price=5&max_price=20')).toEqual({
      categoryId: 3,
      title: 'lamp',
      sort: 'price_asc',
      minPrice: '5',
      maxPrice: '20',
    });
  });

  it('an empty address is the unfiltered list', () => {
    expect(read('')).toEqual({});
  });

  const categories: [string, number | undefined][] = [
    ['1', 1],
    ['42', 42],
    [' 7 ', 7],
    ['0', undefined],
    ['-3', undefined],
    ['2.5', undefined],
    ['abc', undefined],
    ['', undefined],
    ['9007199254740993', undefined],
    ['Infinity', undefined],
  ];
  it.each(categories)(
    'category_id=%j reads as %j (a positive whole number or nothing)',
    (value, expected) => {
      expect(read(`category_id=${encodeURIComponent(value)}`).categoryId).toBe(expected);
    },
  );

  it('the title is trimmed, a blank one is no title, and a long one is cut to what the server accepts', () => {
    expect(read('title=%20%20lamp%20shade%20').title).toBe('lamp shade');
    expect(read('title=%20%20%20').title).toBeUndefined();
    expect(read('title=').title).toBeUndefined();
    expect(read(`title=${'a'.repeat(SEARCH_MAX + 20)}`).title).toBe('a'.repeat(SEARCH_MAX));
  });

  it('a long title is never cut inside a character, nor left ending in a space', () => {
    const sneaker = read(`title=${'a'.repeat(SEARCH_MAX - 1)}${encodeURIComponent('👟')}`).title!;
    expect(sneaker).toBe('a'.repeat(SEARCH_MAX - 1));
    expect(roundTrip({ title: sneaker })).toEqual({ title: sneaker });
    const spaced = read(`title=${'a'.repeat(SEARCH_MAX - 1)}%20b`).title!;
    expect(spaced).toBe('a'.repeat(SEARCH_MAX - 1));
    expect(roundTrip({ title: spaced })).toEqual({ title: spaced });
  });

  it('a title keeps characters that mean something in an address', () => {
    const title = 'R&D 50% off + free #1 = a/b?c 鼠标';
    expect(read(new URLSearchParams({ title }).toString()).title).toBe(title);
  });

  it.each(PRODUCT_SORTS)('sort=%s is one the server knows', (sort) => {
    expect(read(`sort=${sort}`).sort).toBe(sort);
  });

  it.each(['PRICE_ASC', 'price', 'cheapest', '', 'constructor', '__proto__'])(
    'sort=%j is unknown and dropped',
    (sort) => {
      expect(read(`sort=${sort}`).sort).toBeUndefined();
    },
  );

  const amounts: [string, string | undefined][] = [
    ['5', '5'],
    ['9.9', '9.9'],
    ['19.90', '19.90'],
    [' 12.5 ', '12.5'],
    ['0', '0'],
    ['5.999', undefined],
    ['-1', undefined],
    ['1,50', undefined],
    ['$5', undefined],
    ['1e3', undefined],
    ['.5', undefined],
    ['abc', undefined],
    ['', undefined],
  ];
  it.each(amounts)('a price of %j reads as %j (well-formed dollars, as typed)', (value, expected) => {
    const q = read(`min_price=${encodeURIComponent(value)}&max_price=${encodeURIComponent(value)}`);
    expect(q.minPrice).toBe(expected);
    expect(q.maxPrice).toBe(expected);
  });

  it('the ends of the price range are read on their own (a range may be open or upside down)', () => {
    expect(read('min_price=5')).toEqual({ minPrice: '5' });
    expect(read('max_price=20')).toEqual({ maxPrice: '20' });
    expect(read('min_price=20&max_price=5')).toEqual({ minPrice: '20', maxPrice: '5' });
  });

  it('unknown parameters are ignored, and of a repeated one the first counts', () => {
    expect(read('page=3&lang=de&foo=bar')).toEqual({});
    expect(read('category_id=4&category_id=9&sort=sales&sort=newest')).toEqual({
      categoryId: 4,
      sort: 'sales',
    });
  });
});

describe('products query: building the address', () => {
  it('no filter is the bare list address', () => {
    expect(productsPath({})).toBe('/products');
  });

  it('fields go in a fixed order, so one list has one address', () => {
    expect(
      productsPath({ maxPrice: '20', minPrice: '5', sort: 'price_asc', title: 'lamp', categoryId: 3 }),
    ).toBe('/products?category_id=3&title=lamp&sort=price_asc&min_price=5&max_price=20');
  });

  it('empty fields are left out', () => {
    expect(productsPath({ categoryId: 0, title: '', minPrice: '', maxPrice: '' })).toBe('/products');
    expect(productsPath({ categoryId: 2, title: '' })).toBe('/products?category_id=2');
  });

  it('the title is encoded, spaces and all', () => {
    expect(productsPath({ title: 'red & blue mug' })).toBe('/products?title=red+%26+blue+mug');
  });
});

describe('products query: an address read back gives the same list', () => {
  const queries: ProductsQuery[] = [
    {},
    { categoryId: 3 },
    { title: 'lamp' },
    { sort: 'newest' },
    { minPrice: '0.5' },
    { maxPrice: '99.99' },
    { categoryId: 10, title: 'Wireless Mouse', sort: 'price_desc', minPrice: '5', maxPrice: '20' },
    { title: 'R&D 50% off + free #1 = a/b?c' },
    { title: '无线鼠标 ワイヤレスマウス เมาส์ไร้สาย Kabellose Maus' },
    { title: 'a'.repeat(SEARCH_MAX) },
    ...PRODUCT_SORTS.map((sort) => ({ sort })),
  ];
  it.each(queries)('%j', (q) => {
    expect(roundTrip(q)).toEqual(q);
  });

  const odd = [
    'category_id=0&title=%20&sort=bogus&min_price=-1&max_price=abc',
    'category_id=%207&title=%20%20shoe%20&min_price=%205%20',
    `title=${'b'.repeat(SEARCH_MAX * 2)}`,
    'category_id=3.0&sort=sales&sort=newest',
    'title=%F0%9F%91%9F%20sneakers',
  ];
  it.each(odd)('an odd address settles after one reading: %s', (search) => {
    const once = read(search);
    expect(roundTrip(once)).toEqual(once);
  });
});

describe('products query: what the search call is asked', () => {
  it('passes the filters under the API names, with the price range as dollars', () => {
    expect(
      toSearchParams({ categoryId: 3, title: 'lamp', sort: 'sales', minPrice: '5', maxPrice: '20' }),
    ).toEqual({
      category_id: 3,
      title: 'lamp',
      sort: 'sales',
      price: { min: '5', max: '20' },
      limit: PRODUCTS_PAGE_SIZE,
    });
  });

  it('an open-ended range sends only its given end', () => {
    expect(toSearchParams({ minPrice: '5' }).price).toEqual({ min: '5', max: undefined });
    expect(toSearchParams({ maxPrice: '20' }).price).toEqual({ min: undefined, max: '20' });
  });

  it('no range sends no price at all, and no filter sends only the page size', () => {
    expect(toSearchParams({ categoryId: 1 }).price).toBeUndefined();
    expect(toSearchParams({ minPrice: '', maxPrice: '' }).price).toBeUndefined();
    expect(JSON.parse(JSON.stringify(toSearchParams({})))).toEqual({ limit: PRODUCTS_PAGE_SIZE });
  });

  it('an address read and turned into a call keeps every filter', () => {
    const q = read('category_id=5&title=tent&sort=price_asc&min_price=10&max_price=200.5');
    expect(toSearchParams(q)).toEqual({
      category_id: 5,
      title: 'tent',
      sort: 'price_asc',
      price: { min: '10', max: '200.5' },
      limit: PRODUCTS_PAGE_SIZE,
    });
  });
});
