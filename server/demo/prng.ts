/**
 * A small seeded generator (mulberry32) and a string hash (FNV-1a): the demo catalogue and its
 * pictures come out the same on every machine and every run.
 */
export type Rand = () => number;

export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator for one named thing ("product:12"). */
export const randFor = (key: string): Rand => mulberry32(hash(key));

/** Whole number in [min, max]. */
export const int = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

export const pickOne = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
