import { and, asc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { formatMoney, MAX_AMOUNT } from '@common/money';
import type { DbOrTx, Tx } from '../../db/client';
import { promoCodes, promoUses } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';

/**
 * Promo codes: an amount or a percentage off the goods, a minimum spend, a validity window, and
 * limits on uses in total and per shopper. The operator makes and disables them (createPromo,
 * listPromos, disablePromo: the command line calls these); checkouts judge and use them
 * (judgePromo, findPromo, usePromo).
 */
export type PromoRow = typeof promoCodes.$inferSelect;
export type PromoKind = PromoRow['kind'];

/** Percent values are basis points: 1500 = 15 %. */
export const FULL_PERCENT = 10_000;

const CODE_RE = /^[A-Z0-9_-]{2,32}$/;

/** Codes are stored upper-case and matched case-insensitively. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export interface NewPromo {
  code: string;
  kind: PromoKind;
  /** Cents (amount) or basis points (percent). */
  value: number;
  minSpend?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** Null or absent: unlimited. */
  totalLimit?: number | null;
  perUserLimit?: number | null;
}

const wholeIn = (v: number | null | undefined, min: number, max: number) =>
  v === null || v === undefined || (Number.isSafeInteger(v) && v >= min && v <= max);

/** Makes a code; every bad value is refused with a translated reason. */
export async function createPromo(db: DbOrTx, p: NewPromo): Promise<PromoRow> {
  const code = normaliseCode(p.code);
  if (!CODE_RE.test(code)) throw new AppError('checkout.promoCodeFormat');
  const maxValue = p.kind === 'percent' ? FULL_PERCENT : MAX_AMOUNT;
  if (!['amount', 'percent'].includes(p.kind) || !wholeIn(p.value, 1, maxValue))
    throw new AppError('checkout.promoValueInvalid');
  if (!wholeIn(p.minSpend, 0, MAX_AMOUNT)) throw new AppError('checkout.promoValueInvalid');
  if (!wholeIn(p.totalLimit, 1, 1_000_000_000) || !wholeIn(p.perUserLimit, 1, 1_000_000_000))
    throw new AppError('checkout.promoLimitInvalid');
  const badDate = (d: Date | null | undefined) => d != null && Number.isNaN(d.getTime());
  if (badDate(p.startsAt) || badDate(p.endsAt) || (p.startsAt && p.endsAt && p.endsAt <= p.startsAt))
    throw new AppError('checkout.promoDatesInvalid');
  const [row] = await db
    .insert(promoCodes)
    .values({
      code,
      kind: p.kind,
      value: p.value,
      minSpend: p.minSpend ?? 0,
      startsAt: p.startsAt ?? null,
      endsAt: p.endsAt ?? null,
      totalLimit: p.totalLimit ?? null,
      perUserLimit: p.perUserLimit ?? null,
    })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  if (!row) throw new AppError('checkout.promoExists', { code });
  return row;
}

/** Every code, oldest first, or only the active ones. */
export async function listPromos(db: DbOrTx, opts: { activeOnly?: boolean } = {}): Promise<PromoRow[]> {
  return db
    .select()
    .from(promoCodes)
    .where(opts.activeOnly ? eq(promoCodes.active, true) : undefined)
    .orderBy(asc(promoCodes.id));
}

/** Turns a code off for good (checkouts are told it is no longer valid). */
export async function disablePromo(db: DbOrTx, code: string): Promise<PromoRow> {
  const [row] = await db
    .update(promoCodes)
    .set({ active: false })
    .where(eq(promoCodes.code, normaliseCode(code)))
    .returning();
  if (!row) throw new NotFoundError('checkout.promoNotFound');
  return row;
}

/** A code as a checkout sees it: the row, its window by the database's clock, the shopper's uses. */
export interface FoundPromo {
  promo: PromoRow;
  notStarted: boolean;
  expired: boolean;
  usedByUser: number;
}

/**
 * Reads a code for a checkout; undefined when no such code exists. `lock` (inside the submit's
 * transaction) takes the code's row lock, so racing checkouts count the shopper's uses and the
 * total one after the other and cannot pass either limit.
 */
export async function findPromo(
  db: DbOrTx,
  code: string,
  userId: number,
  lock = false,
): Promise<FoundPromo | undefined> {
  const where = eq(promoCodes.code, normaliseCode(code));
  // The lock first, in a statement of its own: the reads below then start after any checkout that
  // held it has committed (a count in the locking statement would still see the older snapshot).
  if (lock) await db.select({ id: promoCodes.id }).from(promoCodes).where(where).for('update');
  const [row] = await db
    .select({
      promo: promoCodes,
      notStarted: sql<boolean>`coalesce(${promoCodes.startsAt} > now(), false)`,
      expired: sql<boolean>`coalesce(${promoCodes.endsAt} <= now(), false)`,
      // Written out with its alias: in a one-table select the builder leaves columns unqualified.
      usedByUser: sql<number>`(select count(*)::int from promo_uses pu where pu.promo_id = promo_codes.id and pu.user_id = ${userId})`,
    })
    .from(promoCodes)
    .where(where);
  if (!row) return undefined;
  return {
    promo: row.promo,
    notStarted: Boolean(row.notStarted),
    expired: Boolean(row.expired),
    usedByUser: Number(row.usedByUser),
  };
}

export type PromoVerdict = { ok: true; discount: number } | { ok: false; error: AppError };

/** The start of a code's window as the shopper reads dates, in UTC (the server knows no time zone of theirs). */
const dateText = (date: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);

/** The discount a code gives on `goods` cents, or the translated reason it does not apply. */
export function judgePromo(
  code: string,
  found: FoundPromo | undefined,
  goods: number,
  lang: Lang,
): PromoVerdict {
  const fail = (key: string, params: Record<string, string | number> = {}): PromoVerdict => ({
    ok: false,
    error: new AppError(`checkout.${key}`, { code: normaliseCode(code), ...params }),
  });
  if (!found) return fail('promoUnknown');
  const { promo, usedByUser } = found;
  if (!promo.active) return fail('promoInactive');
  if (found.notStarted && promo.startsAt)
    return fail('promoNotStarted', { date: dateText(promo.startsAt, lang) });
  if (found.expired) return fail('promoExpired');
  if (promo.totalLimit !== null && promo.usedCount >= promo.totalLimit) return fail('promoUsedUp');
  if (promo.perUserLimit !== null && usedByUser >= promo.perUserLimit)
    return fail('promoUserLimit', { limit: promo.perUserLimit });
  if (goods < promo.minSpend)
    return fail('promoMinSpend', {
      min: formatMoney(promo.minSpend, lang),
      missing: formatMoney(promo.minSpend - goods, lang),
    });
  const discount =
    promo.kind === 'percent'
      ? Math.floor((goods * Math.min(promo.value, FULL_PERCENT)) / FULL_PERCENT)
      : Math.min(promo.value, goods);
  return { ok: true, discount };
}

/**
 * Records one use of a code by a checkout, inside the submit's transaction (after findPromo with
 * `lock`): a promo_uses row and the total count, raised only while under the total limit.
 */
export async function usePromo(tx: Tx, promo: PromoRow, userId: number, outTradeNo: string): Promise<void> {
  const [counted] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, promo.id),
        sql`(${promoCodes.totalLimit} is null or ${promoCodes.usedCount} < ${promoCodes.totalLimit})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (!counted) throw new AppError('checkout.promoUsedUp', { code: promo.code });
  await tx.insert(promoUses).values({ promoId: promo.id, userId, outTradeNo });
}
