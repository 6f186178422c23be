import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { translate } from '../../server/lib/i18n';
import { createPromo, disablePromo, listPromos, type NewPromo } from '../../server/modules/checkout/promo';
import { checkoutApp } from './checkout-fixture';
import { useApp } from '../support/use-app';

/** The promo code service the operator's command line calls. */
const t = useApp(() => checkoutApp());

const refusal = (p: NewPromo) =>
  createPromo(t.database.db, p).then(
    () => undefined,
    (e: unknown) => (e instanceof AppError ? e.key : e),
  );

describe('promo codes: made, listed and disabled by the operator', () => {
  it('createPromo stores the code upper-case with its rules', async () => {
    const row = await createPromo(t.database.db, {
      code: ' spring-25 ',
      kind: 'percent',
      value: 2500,
      minSpend: 3000,
      startsAt: new Date('2026-03-01T00:00:00Z'),
      endsAt: new Date('2026-06-01T00:00:00Z'),
      totalLimit: 100,
      perUserLimit: 2,
    });
    expect(row).toMatchObject({
      code: 'SPRING-25',
      kind: 'percent',
      value: 2500,
      minSpend: 3000,
      totalLimit: 100,
      perUserLimit: 2,
      usedCount: 0,
      active: true,
    });
    expect(row.endsAt?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it.each<[string, NewPromo, string]>([
    ['a code too short', { code: 'A', kind: 'amount', value: 100 }, 'checkout.promoCodeFormat'],
    ['a code with spaces inside', { code: 'NO WAY', kind: 'amount', value: 100 }, 'checkout.promoCodeFormat'],
    [
      'a code over 32 characters',
      { code: 'X'.repeat(33), kind: 'amount', value: 100 },
      'checkout.promoCodeFormat',
    ],
    ['nothing off', { code: 'ZERO', kind: 'amount', value: 0 }, 'checkout.promoValueInvalid'],
    ['cents that are not whole', { code: 'HALF', kind: 'amount', value: 1.5 }, 'checkout.promoValueInvalid'],
    ['more than 100 %', { code: 'MORE', kind: 'percent', value: 10_001 }, 'checkout.promoValueInvalid'],
    ['an unknown kind', { code: 'KIND', kind: 'gift' as never, value: 100 }, 'checkout.promoValueInvalid'],
    [
      'a negative minimum spend',
      { code: 'NEG', kind: 'amount', value: 100, minSpend: -1 },
      'checkout.promoValueInvalid',
    ],
    [
      'a total limit of zero',
      { code: 'LIM0', kind: 'amount', value: 100, totalLimit: 0 },
      'checkout.promoLimitInvalid',
    ],
    [
      'a per-shopper limit of -1',
      { code: 'LIMN', kind: 'amount', value: 100, perUserLimit: -1 },
      'checkout.promoLimitInvalid',
    ],
    [
      'an end before its start',
      {
        code: 'BACK',
        kind: 'amount',
        value: 100,
        startsAt: new Date('2026-02-01'),
        endsAt: new Date('2026-01-01'),
      },
      'checkout.promoDatesInvalid',
    ],
    [
      'a date that is not one',
      { code: 'NADA', kind: 'amount', value: 100, endsAt: new Date('soon') },
      'checkout.promoDatesInvalid',
    ],
  ])('refuses %s', async (_label, promo, key) => {
    expect(await refusal(promo)).toBe(key);
    expect(translate('de-DE', key)).not.toBe(key);
  });

  it('refuses a code that exists, whatever its case', async () => {
    await createPromo(t.database.db, { code: 'TWICE', kind: 'amount', value: 100 });
    expect(await refusal({ code: 'twice', kind: 'percent', value: 100 })).toBe('checkout.promoExists');
  });

  it('listPromos lists every code oldest first, or only the active ones; disablePromo turns one off', async () => {
    await createPromo(t.database.db, { code: 'LIST1', kind: 'amount', value: 100 });
    await createPromo(t.database.db, { code: 'LIST2', kind: 'amount', value: 200 });
    const off = await disablePromo(t.database.db, 'list1');
    expect(off).toMatchObject({ code: 'LIST1', active: false });
    const all = (await listPromos(t.database.db)).map((p) => p.code);
    expect(all.indexOf('LIST1')).toBeLessThan(all.indexOf('LIST2'));
    const active = (await listPromos(t.database.db, { activeOnly: true })).map((p) => p.code);
    expect(active).toContain('LIST2');
    expect(active).not.toContain('LIST1');
  });

  it('disabling a code that does not exist says so', async () => {
    await expect(disablePromo(t.database.db, 'NOPE')).rejects.toMatchObject({
      key: 'checkout.promoNotFound',
    });
  });
});
