import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../server/modules/catalog/cursors';
import { useCatalogApp } from './catalog-fixture';

const t = useCatalogApp(12);

const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('list cursors: a forged cursor is ignored, never a failed query', () => {
  it.each([
    ['a sales value past 32 bits', 'sales', { k: 'sales', v: 2 ** 40, id: 2 ** 40 }],
    ['a price value past 32 bits', 'price_asc', { k: 'price_asc', v: 2 ** 31, id: 1 }],
    ['a newest cursor that is not a time', 'newest', { k: 'newest', v: '99999-99-99', id: 1 }],
    [
      'a newest cursor on a day that does not exist',
      'newest',
      { k: 'newest', v: '2024-02-30 10:00:00+00', id: 1 },
    ],
    ['an offset past 32 bits', 'sales', { k: 'o', o: 2 ** 53 + 2 }],
  ])('%s', async (_label, sort, cursor) => {
    const res = await t.endpoint<{ page: number; list: unknown[] }>('catalog.search', {
      query: { sort, cursor: forge(cursor) },
    });
    expect(res).toMatchObject({ status: 200, code: 1, data: { page: 1 } });
    expect(res.data.list.length).toBeGreaterThan(0);
  });

  it('the cursors the server hands out still page on (newest and price)', async () => {
    for (const sort of ['newest', 'price_desc', 'sales']) {
      const first = await t.endpoint<{ list: { id: number }[]; next: string }>('catalog.search', {
        query: { sort, limit: '5' },
      });
      expect(decodeCursor(first.data.next)).toBeDefined();
      const second = await t.endpoint<{ list: { id: number }[] }>('catalog.search', {
        query: { sort, limit: '5', cursor: first.data.next },
      });
      const seen = new Set(first.data.list.map((p) => p.id));
      expect(second.data.list.length).toBe(5);
      expect(second.data.list.some((p) => seen.has(p.id))).toBe(false);
    }
    expect(decodeCursor(encodeCursor({ k: 'newest', v: '2026-11-23 04:08:40.123456+05:30', id: 3 }))).toEqual(
      {
        k: 'newest',
        v: '2026-11-23 04:08:40.123456+05:30',
        id: 3,
      },
    );
  });
});
