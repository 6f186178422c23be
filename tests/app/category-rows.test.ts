import { describe, expect, it } from 'vitest';
import { categoryRows } from '../../src/features/catalog/lib/category-rows';

const ROOM = 354;
const GAP = 10;

/** Whether each row's items fit side by side. */
function fits(widths: number[], rows: number[]) {
  let at = 0;
  return rows.every((size) => {
    const row = widths.slice(at, (at += size));
    return row.reduce((sum, w) => sum + w, 0) + GAP * (size - 1) <= ROOM + 0.5;
  });
}

/**
 * A repeatable sequence of widths from 44 px (an icon) to 110 px (a long word): any three fit side
 * by side, so rows of two and three can always share out any count.
 */
function widthsOf(count: number, seed: number) {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return 44 + (x % 67);
  });
}

describe('categoryRows: the home grid never leaves one category alone on a row', () => {
  it('ten short names: two rows of five', () => {
    expect(categoryRows(Array(10).fill(60), ROOM, GAP)).toEqual([5, 5]);
  });

  it('the Thai names that left one alone (4, 5, 1) now share out evenly', () => {
    const thai = [70, 96, 52, 84, 50, 80, 44, 44, 52, 50];
    const rows = categoryRows(thai, ROOM, GAP);
    expect(rows).not.toContain(1);
    expect(rows.reduce((a, b) => a + b)).toBe(10);
    expect(fits(thai, rows)).toBe(true);
  });

  it('nine categories of four to a row: three rows of three, not 4 + 4 + 1', () => {
    expect(categoryRows(Array(9).fill(80), ROOM, GAP)).toEqual([3, 3, 3]);
  });

  it('eleven that fit five to a row: 4 + 4 + 3, the fuller rows first', () => {
    expect(categoryRows(Array(11).fill(60), ROOM, GAP)).toEqual([4, 4, 3]);
  });

  it.each(Array.from({ length: 29 }, (_, i) => i + 2))(
    '%i categories of any widths: every row fits, none holds one, as few rows as fit',
    (count) => {
      for (let seed = 1; seed <= 40; seed += 1) {
        const widths = widthsOf(count, seed * count);
        const rows = categoryRows(widths, ROOM, GAP);
        expect(
          rows.reduce((a, b) => a + b),
          `seed ${seed}`,
        ).toBe(count);
        expect(rows, `seed ${seed}`).not.toContain(1);
        expect(Math.max(...rows)).toBeLessThanOrEqual(5);
        expect(fits(widths, rows), `seed ${seed}`).toBe(true);
        // No split into fewer rows would fit (greedy filling gives the fewest rows).
        let greedy = 0;
        for (let at = 0; at < count; greedy += 1) {
          let size = 1;
          while (at + size < count && size < 5 && fits(widths.slice(at, at + size + 1), [size + 1]))
            size += 1;
          at += size;
        }
        expect(rows.length).toBeLessThanOrEqual(Math.max(greedy + 1, Math.ceil(count / 5)));
      }
    },
  );

  it('one category stands alone (nothing to pair it with); none: no rows', () => {
    expect(categoryRows([80], ROOM, GAP)).toEqual([1]);
    expect(categoryRows([], ROOM, GAP)).toEqual([]);
  });

  it('a name too wide to share a row gets one of its own, only then', () => {
    expect(categoryRows([300, 60, 60], ROOM, GAP)).toEqual([1, 2]);
    // Where only two fit side by side, an odd count cannot share out: one row holds one.
    expect(categoryRows([170, 170, 170, 170, 170], ROOM, GAP)).toEqual([2, 2, 1]);
  });
});
