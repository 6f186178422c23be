import { formatMoney, type Cents } from '@common/money';
import type { Lang } from '@common/languages';
import { translate } from '../../lib/i18n';

/** Texts of the desk's posts, in one language. */
export const deskText = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  translate(lang, `desk.${key}`, params);

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
