import { eq } from 'drizzle-orm';
import { parseAmount } from '@common/money';
import { AUDIT_STATUS } from '@common/wallet';
import { recharges, uploads, users } from '@server/db/schema';
import { passRecharge, refuseRecharge, bankReference } from '../../wallet';
import { deskText, lines, money, shopperField, when } from '../format';
import type { DeskKind } from '../types';

/**
 * A top-up waiting for its audit, with its evidence picture: pass with the amount asked (one tap),
 * pass with the amount that actually arrived (asked), or refuse with a reason (asked).
 */
export const rechargeKind: DeskKind = {
  object: 'recharge',
  async describe(db, id, lang) {
    const [found] = await db
      .select({ r: recharges, account: users.account, isDemo: users.isDemo, evidence: uploads.path })
      .from(recharges)
      .innerJoin(users, eq(users.id, recharges.userId))
      .leftJoin(uploads, eq(uploads.id, recharges.evidenceId))
      .where(eq(recharges.id, id));
    if (!found) return undefined;
    const { r } = found;
    const t = (key: string, params: Record<string, string | number> = {}) => deskText(lang, key, params);
    const decision =
      r.status === AUDIT_STATUS.passed
        ? t('decided.passed', { by: r.auditedBy ?? '', at: when(r.auditedAt ?? r.updatedAt) }) +
          ` · ${money(r.arrivalAmount ?? r.amount, lang)}`
        : r.status === AUDIT_STATUS.refused
          ? t('decided.refused', { by: r.auditedBy ?? '', at: when(r.auditedAt ?? r.updatedAt) }) +
            ` · ${r.reason ?? ''}`
          : null;
    return {
      text: lines(
        t('post.recharge', { id: r.id }),
        t(shopperField(found.isDemo), { account: found.account }),
        t('field.amount', { amount: money(r.amount, lang) }),
        t(`field.rechargeType.${r.type}`),
        r.networkName && t('field.network', { network: r.networkName }),
        r.fromAddress && t('field.from', { address: r.fromAddress }),
        r.txHash && t('field.txHash', { hash: r.txHash }),
        r.type === 'manual' && t('field.reference', { reference: bankReference(r.userId) }),
        t('field.created', { at: when(r.createdAt) }),
        decision && `\n${decision}`,
      ),
      photo: found.evidence,
      decidedBy: r.status === AUDIT_STATUS.auditing ? null : (r.auditedBy ?? ''),
      labelParams: { amount: money(r.amount, lang) },
    };
  },
  actions: {
    pass: {
      label: 'button.passAsked',
      run: (db, id, operator) => passRecharge(db, { rechargeId: id, operator }),
    },
    arrived: {
      label: 'button.passArrived',
      ask: 'amount',
      // Not an amount: NaN, so the service's own check answers with its message.
      run: (db, id, operator, answer = '') =>
        passRecharge(db, {
          rechargeId: id,
          operator,
          arrivalAmount: parseAmount(answer.trim()) ?? Number.NaN,
        }),
    },
    refuse: {
      label: 'button.refuse',
      ask: 'reason',
      run: (db, id, operator, answer = '') =>
        refuseRecharge(db, { rechargeId: id, operator, reason: answer }),
    },
  },
};
