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

/** "19.9" -> 1990 at any size (for showing amounts); undefined when it is not an amount. */
function readCents(text: string): Cents | undefined {
  const m = AMOUNT_RE.exec(text.trim());
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** "19.9" -> 1990; undefined for anything that is not an amount from 0 to MAX_AMOUNT with at most 2 decimals. */
export function parseAmount(text: string): Cents | undefined {
  const cents = readCents(text);
  return cents !== undefined && cents <= MAX_AMOUNT ? cents : undefined;
}

/** 1990 -> "19.90"; -5 -> "-0.05". */
export function toAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const AMOUNT_TEXT_RE = /^-?\d{1,15}\.\d{2}$/;
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One sign for the dollar in every language: "$" (narrowSymbol). The languages' own symbols differ
 * ("US$" in zh-CN, ko-KR and th-TH, "$" elsewhere), and the shop has one currency, so the longer
 * sign told nobody anything and made the same price look different across the interface.
 */
const DOLLARS = { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' } as const;

function dollarsIn(locale: string): Intl.NumberFormat {
  let format = formatters.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, DOLLARS);
    } catch {
      format = new Intl.NumberFormat('en-US', DOLLARS);
    }
    formatters.set(locale, format);
  }
  return format;
}

/**
 * An amount in dollars (the shop's one currency) written the way the shopper's language writes money, with
 * the one sign "$": "$19.90" in en-US, "19,90 $" in de-DE, "$19.90" in zh-CN. The decimal string goes to Intl as
 * a string (exact decimal formatting), so no float ever carries the amount.
 */
export function formatMoney(amount: Cents | string, locale = 'en-US'): string {
  const text = typeof amount === 'string' ? amount.trim() : toAmount(amount);
  const parsed = text.startsWith('-') ? readCents(text.slice(1)) : readCents(text);
  if (parsed === undefined) return text;
  const exact = toAmount(text.startsWith('-') ? -parsed : parsed);
  if (!AMOUNT_TEXT_RE.test(exact)) return text;
  // Intl formats numeric strings exactly (ES2023); lib.es2023 still types the argument as number.
  return dollarsIn(locale).format(exact as unknown as number);
}
