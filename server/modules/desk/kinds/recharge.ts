import { eq } from 'drizzle-orm';
import { parseAmount } from '@common/money';
import { recharges, uploads, users } from '@server/db/schema';
import { passRecharge, refuseRecharge, bankReference } from '../../wallet';
import { auditOutcome, lines, money, shopperField, textsIn, when } from '../format';
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
    const t = textsIn(lang);
    const { decision, decidedBy } = auditOutcome(
      lang,
      r,
      'decided.passed',
      money(r.arrivalAmount ?? r.amount, lang),
    );
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
      decidedBy,
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
