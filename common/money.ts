/**
 * Money is integer cents everywhere: in the database, in arithmetic, in tests. On the wire it is a
 * decimal string with two places ("19.90"). No float ever touches an amount.
 */
export type Cents = number & { readonly __cents?: never };

const AMOUNT_RE = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * The largest amount anything accepts: $10,000,000.00. Prices are 32-bit columns (at most
 * 2,147,483,647 cents), so every parsed amount fits every money column and a query never overflows.
 */
export const MAX_AMOUNT: Cents = 1_000_000_000;

/** "19.9" -> 1990; undefined for anything that is not an amount from 0 to MAX_AMOUNT with at most 2 decimals. */
export function parseAmount(text: string): Cents | undefined {
  const m = AMOUNT_RE.exec(text.trim());
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= MAX_AMOUNT ? cents : undefined;
}

/** 1990 -> "19.90"; -5 -> "-0.05". */
export function toAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$19.90" for display; amounts are shown in dollars (SPEC section 1). */
export function formatMoney(cents: Cents | string): string {
  const text = typeof cents === 'string' ? cents : toAmount(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}
