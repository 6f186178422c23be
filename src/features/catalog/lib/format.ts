import { parseAmount } from '@common/money';

/** Counts (fans, sales, views) in the interface language, short above ten thousand: 12K, 1.2M. */
export function formatCount(n: number, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, {
      notation: n >= 10_000 ? 'compact' : 'standard',
      maximumFractionDigits: 1,
    }).format(n);
  } catch {
    return String(n);
  }
}

/** Whether a market price is worth showing struck through: above the price (compared in cents). */
export function isDiscounted(price: string, marketPrice: string): boolean {
  const now = parseAmount(price);
  const was = parseAmount(marketPrice);
  return now !== undefined && was !== undefined && was > now;
}

/** A favorable rate such as 98.6, as "98.6" or "98,6" depending on the language. */
export function formatRate(rate: number, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
  } catch {
    return rate.toFixed(1);
  }
}

/** An exact count with the language's digit grouping (fans: a follow must visibly add one). */
export function formatExact(n: number, lang: string): string {
  try {
    return new Intl.NumberFormat(lang).format(n);
  } catch {
    return String(n);
  }
}
