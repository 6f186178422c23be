import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FREIGHT, freightFor } from '../../server/modules/checkout/freight';
import { splitByWeight } from '../../server/lib/split';
import { newOrderSn, newOutTradeNo } from '../../server/modules/checkout/trade-numbers';

describe('splitting a discount over shop orders (largest remainder)', () => {
  it('splits in proportion, the odd cents to the largest remainders, ties to the earlier part', () => {
    expect(splitByWeight(500, [2500, 3000])).toEqual([227, 273]);
    expect(splitByWeight(1000, [2500, 3000])).toEqual([455, 545]);
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(0, [5, 7])).toEqual([0, 0]);
    expect(splitByWeight(7, [10])).toEqual([7]);
  });

  it('is exact at any size: parts add up, none above its share by a cent, none above its weight', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 12 })
          .filter((w) => w.some((x) => x > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * share);
          const parts = splitByWeight(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => {
            expect(Number.isSafeInteger(p)).toBe(true);
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(weights[i]);
            const exact = (BigInt(total) * BigInt(weights[i])) / BigInt(sum);
            expect(BigInt(p) - exact >= 0n && BigInt(p) - exact <= 1n).toBe(true);
          });
        },
      ),
    );
  });

  it('refuses to split money over nothing', () => {
    expect(() => splitByWeight(5, [0, 0])).toThrow(RangeError);
    expect(() => splitByWeight(-5, [1])).toThrow(RangeError);
  });
});

describe('freight per shop order', () => {
  it('a flat $5.00, free from $49.00 of goods by default', () => {
    expect(DEFAULT_FREIGHT).toEqual({ fee: 500, freeAbove: 4900 });
    expect(freightFor(4899, DEFAULT_FREIGHT)).toBe(500);
    expect(freightFor(4900, DEFAULT_FREIGHT)).toBe(0);
    expect(freightFor(100, { fee: 300, freeAbove: null })).toBe(300);
    expect(freightFor(1_000_000, { fee: 300, freeAbove: null })).toBe(300);
  });
});

describe('order numbers', () => {
  it('out_trade_no and order_sn are upper-case letters and digits, dated, and differ every time', () => {
    const at = new Date('2026-03-14T09:26:00Z');
    expect(newOutTradeNo(at)).toMatch(/^260314[0-9A-Z]{14}$/);
    expect(newOrderSn(at)).toMatch(/^2603140926[0-9A-Z]{10}$/);
    expect(newOutTradeNo(at)).not.toBe(newOutTradeNo(at));
  });
});
