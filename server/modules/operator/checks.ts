import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, toAmount, type Cents } from '@common/money';
import { OperatorError } from './errors';

/**
 * Checks of what an operator service is given. The command line checks its arguments before it
 * calls, but the bot and other callers reach the services directly, so each service checks again.
 */
const bad = (message: string) => new OperatorError('operator.badInput', message);

/** A trimmed, non-empty, single-line text of at most `max` characters. */
export function oneLine(name: string, value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw bad(`${name} is required`);
  if (text.length > max) throw bad(`${name} is longer than ${max} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) throw bad(`${name} must be one line of text`);
  return text;
}

/** Whole cents above zero, at most MAX_AMOUNT. */
export function positiveCents(value: unknown): Cents {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0 || value > MAX_AMOUNT)
    throw bad(`the amount must be more than 0.00 and at most ${toAmount(MAX_AMOUNT)}`);
  return value;
}

/** A database id: a positive whole number. */
export function idOf(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw bad(`${name} must be a positive whole number`);
  return value;
}

/** Who acts: a name for the logs and records (an OS user, "tg:123", a script's name). */
export const operatorName = (value: unknown): string => oneLine('the operator', value, 64);

/** A caller's request id: what makes a retried action happen once. */
export function requestIdOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[\w.:-]{1,100}$/.test(value))
    throw bad('the request id must be 1 to 100 letters, digits, or . _ : -');
  return value;
}

/** A list's page (from 1) and limit (1 to 100, 20 when not given). */
export function pageOf(p: { page?: number; limit?: number }): { page: number; limit: number } {
  const page = p.page ?? 1;
  const limit = p.limit ?? 20;
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(limit) || limit < 1 || limit > 100)
    throw bad('page must be 1 or more and limit 1 to 100');
  return { page, limit };
}

/** The columns every audit decision sets besides its own: who decided, and when. */
export const audited = (operator: string) => ({
  auditedBy: operator,
  auditedAt: sql`now()`,
  updatedAt: sql`now()`,
});
