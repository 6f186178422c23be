import { eq } from 'drizzle-orm';
import { users, withdrawals } from '@server/db/schema';
import { passWithdrawal, refuseWithdrawal, destinationLabel } from '../../wallet';
import { auditOutcome, lines, money, shopperField, textsIn, when } from '../format';
import type { DeskKind } from '../types';

/**
 * A withdrawal waiting for its payout: pass once paid out, or refuse with a reason (asked), which
 * returns the held money. A card shows its last four digits only (`npm run admin -- reveal` gives
 * the number to whoever pays it out); an on-chain address is shown whole, as it is paid to.
 */
export const withdrawalKind: DeskKind = {
  object: 'withdrawal',
  async describe(db, id, lang) {
    const [found] = await db
      .select({ w: withdrawals, account: users.account, isDemo: users.isDemo })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.id, id));
    if (!found) return undefined;
    const { w } = found;
    const t = textsIn(lang);
    const { decision, decidedBy } = auditOutcome(lang, w, 'decided.paidOut');
    return {
      text: lines(
        t('post.withdrawal', { id: w.id }),
        t(shopperField(found.isDemo), { account: found.account }),
        t('field.payout', { amount: money(w.amount, lang), fee: money(w.fee, lang) }),
        w.type === 'bank'
          ? t('field.card', { card: destinationLabel(w), holder: w.holder ?? '' })
          : t('field.to', { network: w.networkName ?? '', address: w.address ?? '' }),
        t('field.created', { at: when(w.createdAt) }),
        decision && `\n${decision}`,
      ),
      photo: null,
      decidedBy,
      labelParams: {},
    };
  },
  actions: {
    pass: {
      label: 'button.paidOut',
      run: (db, id, operator) => passWithdrawal(db, { withdrawalId: id, operator }),
    },
    refuse: {
      label: 'button.refuse',
      ask: 'reason',
      run: (db, id, operator, answer = '') =>
        refuseWithdrawal(db, { withdrawalId: id, operator, reason: answer }),
    },
  },
};
