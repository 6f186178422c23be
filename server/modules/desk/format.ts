import { formatMoney, type Cents } from '@common/money';
import type { Lang } from '@common/languages';
import { AUDIT_STATUS } from '@common/wallet';
import { translate } from '../../lib/i18n';

/** Texts of the desk's posts, in one language. */
export const deskText = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  translate(lang, `desk.${key}`, params);

/** The desk's texts in `lang`, the language given once. */
export const textsIn =
  (lang: Lang) =>
  (key: string, params: Record<string, string | number> = {}) =>
    deskText(lang, key, params);

export const money = (cents: Cents, lang: Lang) => formatMoney(cents, lang);

/** A moment as operators in several time zones read it alike: "2026-11-23 20:45 UTC". */
export const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The post's lines, empty ones dropped. */
export const lines = (...parts: (string | false | null | undefined)[]) =>
  parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n');

/**
 * The shopper line's key: the demo account (DEMO_DATA) is shared by everyone trying the shop with
 * play money, and its posts say so, so no operator ships, refunds or pays out for it by mistake.
 */
export const shopperField = (isDemo: boolean) => (isDemo ? 'field.demoShopper' : 'field.shopper');

/**
 * How an audited top-up or withdrawal stands: while it waits, no decision and nobody; once passed,
 * `passedKey` by whom and when (then `passedTail`, if any); once refused, by whom and when, then
 * the reason.
 */
export function auditOutcome(
  lang: Lang,
  row: {
    status: number;
    auditedBy: string | null;
    auditedAt: Date | null;
    updatedAt: Date;
    reason: string | null;
  },
  passedKey: string,
  passedTail?: string,
): { decision: string | null; decidedBy: string | null } {
  const t = textsIn(lang);
  const by = row.auditedBy ?? '';
  const at = when(row.auditedAt ?? row.updatedAt);
  if (row.status === AUDIT_STATUS.passed)
    return {
      decision: t(passedKey, { by, at }) + (passedTail === undefined ? '' : ` · ${passedTail}`),
      decidedBy: by,
    };
  if (row.status === AUDIT_STATUS.refused)
    return { decision: t('decided.refused', { by, at }) + ` · ${row.reason ?? ''}`, decidedBy: by };
  return { decision: null, decidedBy: row.status === AUDIT_STATUS.auditing ? null : by };
}
