import { z } from 'zod';
import { MAX_AMOUNT, parseAmount, toAmount } from '../../common/money';

/**
 * Checks of the words typed on the command line, shared by the commands. Messages are English and
 * name no subject: the command puts the argument's or option's name in front ("<amount>: ...").
 */

/** Dollars as typed ("12.50", "3") -> cents, more than zero. */
export const amountWord = z.string({ error: 'required, in dollars like 12.50' }).transform((text, ctx) => {
  const cents = parseAmount(text);
  if (cents === undefined || cents <= 0) {
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not an amount: dollars with at most two decimals, more than 0 and at most ${toAmount(MAX_AMOUNT)} (like 12.50)`,
    });
    return z.NEVER;
  }
  return cents;
});

/** A positive whole number (an order id, a page), at most `max`. */
export const countWord = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .string({ error: 'required' })
    .regex(/^\d{1,15}$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: `must be from 1 to ${max}` });

/** One line of text, trimmed, 1 to `max` characters. */
export const textWord = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: `longer than ${max} characters` })
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((t) => !/[\u0000-\u001f\u007f]/.test(t), { error: 'must be one line of text' });
