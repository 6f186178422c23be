import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * Freight per shop order: a flat fee, free from an amount of goods on. The operator's setting
 * `freight` ({ "fee": cents, "freeAbove": cents }) overrides the defaults below; `freeAbove` null
 * means never free.
 */
export interface FreightRule {
  fee: number;
  freeAbove: number | null;
}

export const FREIGHT_SETTING = 'freight';

/** $5.00 per shop order, free from $49.00 of goods. */
export const DEFAULT_FREIGHT: FreightRule = { fee: 500, freeAbove: 4900 };

const cents = z.number().int().min(0).max(1_000_000_000);
const stored = z.object({ fee: cents.optional(), freeAbove: cents.nullable().optional() });

/** The rule in force; a setting that does not parse is ignored, field by field. */
export async function freightRule(db: DbOrTx): Promise<FreightRule> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FREIGHT_SETTING));
  const parsed = stored.safeParse(row?.value);
  if (!parsed.success) return DEFAULT_FREIGHT;
  return {
    fee: parsed.data.fee ?? DEFAULT_FREIGHT.fee,
    freeAbove: parsed.data.freeAbove === undefined ? DEFAULT_FREIGHT.freeAbove : parsed.data.freeAbove,
  };
}

/** Sets the rule (the operator's command line). */
export async function setFreightRule(db: DbOrTx, rule: FreightRule): Promise<void> {
  const value = stored.parse(rule);
  await db
    .insert(settings)
    .values({ key: FREIGHT_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The freight of one shop order with `goods` cents of goods. */
export const freightFor = (goods: number, rule: FreightRule): number =>
  rule.freeAbove !== null && goods >= rule.freeAbove ? 0 : rule.fee;
