import { randomInt } from 'node:crypto';

/**
 * Numbers shoppers see and copy: `out_trade_no` (one checkout, paid together) and `order_sn` (one
 * order). Both are upper-case letters and digits: the date they were made, then random characters
 * from the operating system's generator, so neither can be guessed from another or from an id.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const random = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** "260314" for 14 March 2026 (UTC). */
const day = (now: Date) => now.toISOString().slice(2, 10).replaceAll('-', '');

/** 6 date digits and 14 random characters (70 bits). */
export const newOutTradeNo = (now = new Date()): string => `${day(now)}${random(14)}`;

/** 6 date digits, 4 of the time and 10 random characters (50 bits; the column is unique). */
export const newOrderSn = (now = new Date()): string =>
  `${day(now)}${now.toISOString().slice(11, 16).replace(':', '')}${random(10)}`;
