/**
 * Splits `total` cents over parts in proportion to `weights` (largest remainder method): every part
 * is a whole number of cents, the parts add up to `total` exactly, and no part exceeds its exact
 * share by a cent or more. Ties go to the earlier part. BigInt keeps products of large amounts exact.
 */
export function splitByWeight(total: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`not whole cents: ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (total !== 0) throw new RangeError('nothing to split over');
    return weights.map(() => 0);
  }
  const big = BigInt(total);
  const whole = BigInt(sum);
  const parts = weights.map((w) => {
    const exact = big * BigInt(w);
    return { floor: exact / whole, rest: exact % whole };
  });
  let left = total - parts.reduce((a, p) => a + Number(p.floor), 0);
  const order = parts
    .map((_, i) => i)
    .sort((a, b) => (parts[b].rest > parts[a].rest ? 1 : parts[b].rest < parts[a].rest ? -1 : a - b));
  const out = parts.map((p) => Number(p.floor));
  for (const i of order) {
    if (left === 0) break;
    out[i]++;
    left--;
  }
  return out;
}
