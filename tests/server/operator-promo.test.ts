import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { promoCodes } from '../../server/db/schema';
import { runRequest } from '../../server/admin/run';
import { freshDatabase } from '../support/db';

/** `npm run admin -- promo ...`: the words typed reach checkout's promo service, checked first. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

let n = 0;
const promo = (words: Record<string, string | boolean>) =>
  runRequest(
    database.db,
    { command: 'promo', words, operator: 'alice', requestId: `promo-test-${++n}` },
    pino({ level: 'silent' }),
    'in-process',
  );

describe('promo command', () => {
  it('makes an amount code and a percent code with their rules', async () => {
    const amount = await promo({
      action: 'create',
      code: 'welcome5',
      value: '5.00',
      'min-spend': '20',
      'per-user': '1',
    });
    expect(amount).toMatchObject({
      ok: true,
      view: {
        action: 'create',
        promo: { code: 'WELCOME5', kind: 'amount', value: '5.00', minSpend: '20.00', perUserLimit: 1 },
      },
    });
    const percent = await promo({
      action: 'create',
      code: 'SUMMER15',
      value: '15%',
      ends: '2030-09-01',
      limit: '500',
    });
    expect(percent).toMatchObject({
      ok: true,
      view: { promo: { kind: 'percent', value: '15%', totalLimit: 500 } },
    });
    const rows = await database.db.select().from(promoCodes);
    expect(rows.map((r) => [r.code, r.kind, r.value, r.minSpend])).toEqual([
      ['WELCOME5', 'amount', 500, 2000],
      ['SUMMER15', 'percent', 1500, 0],
    ]);
  });

  it('bad values are usage errors and make nothing', async () => {
    for (const value of ['150%', '0', 'abc', '-5', '1.234']) {
      expect(await promo({ action: 'create', code: `BAD${value.length}`, value })).toMatchObject({
        ok: false,
        kind: 'usage',
      });
    }
    expect(await promo({ action: 'create', code: 'X1', value: '1', ends: 'tomorrow' })).toMatchObject({
      kind: 'usage',
    });
    expect(await database.db.select().from(promoCodes)).toHaveLength(2);
  });

  it('refuses a code that exists, and disabling one that does not', async () => {
    expect(await promo({ action: 'create', code: 'WELCOME5', value: '1' })).toMatchObject({
      ok: false,
      kind: 'refused',
      code: 'checkout.promoExists',
    });
    expect(await promo({ action: 'disable', code: 'nope' })).toMatchObject({ ok: false, kind: 'refused' });
  });

  it('lists every code or only the active ones after one is disabled', async () => {
    expect(await promo({ action: 'disable', code: 'summer15' })).toMatchObject({
      ok: true,
      view: { promo: { code: 'SUMMER15', active: false } },
    });
    const all = await promo({ action: 'list' });
    const active = await promo({ action: 'list', active: true });
    const codes = (a: typeof all) =>
      a.ok ? (a.view as { promos: { code: string }[] }).promos.map((p) => p.code) : [];
    expect(codes(all)).toEqual(['WELCOME5', 'SUMMER15']);
    expect(codes(active)).toEqual(['WELCOME5']);
  });
});
