import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { ledgerEntries, recharges, withdrawals } from '../../server/db/schema';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The wallet's record screens in a plain browser against the real server: the bill grouped by the
 * shopper's day with signed amounts, its kind filter, an entry opening its link.
 */
const server = useRealServer();
const db = () => server.api.database.db;

/** A logged-in shopper whose wallet moved as given, each movement on the given day (UTC noon). */
async function shopperWithBill(name: string) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  const moves = [
    { type: 'adjustment' as const, balance: 10_000, day: '2026-10-01', note: 'welcome' },
    { type: 'topup' as const, balance: 2_550, day: '2026-10-02', ref: { type: 'recharge' as const, id: 7 } },
    { type: 'adjustment' as const, balance: -1_200, day: '2026-10-02', note: 'correction' },
  ];
  for (const [i, m] of moves.entries()) {
    await db().transaction(async (tx) => {
      const moved = await moveMoney(tx, {
        userId: id,
        type: m.type,
        balance: m.balance,
        uniqueKey: `test:${name}:${i}`,
        ...('note' in m ? { note: m.note } : {}),
        ...('ref' in m ? { ref: m.ref } : {}),
      });
      await tx
        .update(ledgerEntries)
        .set({ createdAt: new Date(`${m.day}T12:00:0${i}Z`) })
        .where(eq(ledgerEntries.id, moved.entryId));
    });
  }
  return { token, id };
}

describe('the bill', () => {
  it('lists entries grouped by day, newest first, with kind, signed amount and balance after', async () => {
    await shopperWithBill('bill_days');
    await startApp('/capitalRecord');
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
    expect(screen.getByTestId('bill-balance').textContent).toBe('$113.50');
    const days = screen.getAllByTestId('bill-day');
    expect(days.map((d) => d.dataset.day)).toEqual(['2026-10-02', '2026-10-01']);
    const newest = within(days[0]).getAllByTestId('bill-entry');
    expect(newest).toHaveLength(2);
    expect(within(newest[0]).getByTestId('bill-kind').textContent).toBe(en.walletScreens.kind.adjustment);
    expect(within(newest[0]).getByTestId('bill-amount').textContent).toBe('−$12.00');
    expect(within(newest[0]).getByTestId('bill-amount').className).not.toContain('--plus');
    expect(within(newest[1]).getByTestId('bill-kind').textContent).toBe(en.walletScreens.kind.topup);
    const plus = within(newest[1]).getByTestId('bill-amount');
    expect(plus.textContent).toBe('+$25.50');
    expect(plus.className).toContain('bill-entry__amount--plus');
    expect(within(newest[1]).getByTestId('bill-balance-after').textContent).toBe(
      en.walletScreens.balanceAfter.replace('{{amount}}', '$125.50'),
    );
  });

  it('filters by kind with chips, one chosen at a time', async () => {
    await shopperWithBill('bill_kinds');
    await startApp('/capitalRecord');
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
    const chips = within(screen.getByRole('radiogroup', { name: en.walletScreens.kindFilter }));
    expect(chips.getAllByRole('radio').map((c) => c.textContent)).toEqual(
      ['all', 'payment', 'refund', 'topup', 'withdraw', 'adjustment'].map(
        (k) => en.walletScreens.filter[k as keyof typeof en.walletScreens.filter],
      ),
    );
    expect(screen.getByTestId('bill-kind-all').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('bill-kind-topup'));
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(1));
    expect(screen.getByTestId('bill-kind').textContent).toBe(en.walletScreens.kind.topup);
    expect(screen.getByTestId('bill-kind-topup').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('bill-kind-all').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByTestId('bill-kind-refund'));
    await screen.findByText(en.walletScreens.empty);
    fireEvent.click(screen.getByTestId('bill-kind-adjustment'));
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(2));
    // An adjustment names no order: its note says why.
    expect(screen.getAllByTestId('bill-ref').map((r) => r.textContent)).toEqual(['correction', 'welcome']);
  });

  it('filters by month: the months that have entries, by name', async () => {
    await shopperWithBill('bill_months');
    await startApp('/capitalRecord');
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
    const select = screen.getByLabelText(en.walletScreens.monthFilter) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', en.walletScreens.anyMonth],
      ['2026-10', 'October 2026'],
    ]);
    fireEvent.change(select, { target: { value: '2026-10' } });
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
    expect(select.value).toBe('2026-10');
    fireEvent.click(screen.getByTestId('bill-kind-refund'));
    await screen.findByText(en.walletScreens.empty);
    // The chosen month stays offered while its filtered page is empty.
    expect([...select.options].map((o) => o.value)).toEqual(['', '2026-10']);
    fireEvent.click(screen.getByTestId('bill-kind-all'));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
  });

  it('pages with load more', async () => {
    const { id, token } = await server.api.register('bill_pages');
    await storeToken(token);
    await db().transaction(async (tx) => {
      for (let i = 0; i < 23; i++)
        await moveMoney(tx, { userId: id, type: 'adjustment', balance: 100, uniqueKey: `test:pages:${i}` });
    });
    await startApp('/capitalRecord');
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(20));
    fireEvent.click(screen.getByTestId('bill-more'));
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(23));
    expect(screen.queryByTestId('bill-more')).toBeNull();
  });

  it('an entry with a link opens it; one without is not a button', async () => {
    await shopperWithBill('bill_link');
    await startApp('/capitalRecord');
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(3));
    const entries = screen.getAllByTestId('bill-entry');
    expect(entries[0].tagName).toBe('DIV');
    expect(entries[1].tagName).toBe('BUTTON');
    expect(within(entries[1]).getByTestId('bill-ref').textContent).toBe(
      en.walletScreens.ref.request.replace('{{label}}', '#7'),
    );
    // Named by all it shows, the amount included.
    const amount = within(entries[1]).getByTestId('bill-amount').textContent ?? '';
    const named = (name: string) => name.includes(amount) && name.includes('#7');
    expect(screen.getByRole('button', { name: named })).toBe(entries[1]);
    fireEvent.click(entries[1]);
    await at('/topUpRecord');
    expect(window.location.search).toBe('?id=7');
  });
});

describe('the records', () => {
  it('top-ups: status, amount asked and arrived, refusal reason, and the status tabs', async () => {
    const { id, token } = await server.api.register('records_topups');
    await storeToken(token);
    await db()
      .insert(recharges)
      .values([
        { userId: id, type: 'manual', amount: 5_000, status: 1, arrivalAmount: 4_990 },
        { userId: id, type: 'manual', amount: 3_000, status: 2, reason: 'Blurry receipt' },
        { userId: id, type: 'manual', amount: 1_000, status: 0 },
      ]);
    await startApp('/topUpRecord');
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(3));
    const [auditing, refused, passed] = screen.getAllByTestId('record');
    expect(within(auditing).getByTestId('record-status').textContent).toBe(
      en.walletScreens.records.status.auditing,
    );
    expect(within(auditing).queryByTestId('record-arrived')).toBeNull();
    expect(within(passed).getByTestId('record-status').textContent).toBe(
      en.walletScreens.records.status.passed,
    );
    expect(within(passed).getByTestId('record-amount').textContent).toBe('$50.00');
    expect(within(passed).getByTestId('record-arrived').textContent).toBe('$49.90');
    expect(within(refused).getByTestId('record-reason').textContent).toBe(
      en.walletScreens.records.reason.replace('{{reason}}', 'Blurry receipt'),
    );

    fireEvent.click(screen.getByTestId('records-tab-2'));
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(1));
    expect(screen.getByTestId('record-status').textContent).toBe(en.walletScreens.records.status.refused);
    fireEvent.click(screen.getByTestId('records-tab-1'));
    await waitFor(() => expect(screen.getByTestId('record-arrived').textContent).toBe('$49.90'));
    expect(screen.getAllByTestId('record')).toHaveLength(1);
  });

  it('withdrawals: status, fee, the masked destination and the refusal reason', async () => {
    const { id, token } = await server.api.register('records_withdrawals');
    await storeToken(token);
    await db()
      .insert(withdrawals)
      .values([
        {
          userId: id,
          type: 'bank',
          amount: 2_000,
          fee: 100,
          bankName: 'Demo Bank',
          holder: 'A B',
          cardLast4: '4242',
        },
        {
          userId: id,
          type: 'bank',
          amount: 1_500,
          fee: 100,
          status: 2,
          reason: 'Name mismatch',
          bankName: 'Demo Bank',
          holder: 'A B',
          cardLast4: '1111',
        },
      ]);
    await startApp('/depositRecord');
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(2));
    const [refused, auditing] = screen.getAllByTestId('record');
    expect(within(auditing).getByTestId('record-status').textContent).toBe(
      en.walletScreens.records.status.auditing,
    );
    expect(within(auditing).getByTestId('record-amount').textContent).toBe('$20.00');
    expect(within(auditing).getByTestId('record-fee').textContent).toBe('$1.00');
    const destination = within(auditing).getByTestId('record-destination').textContent!;
    expect(destination).toContain('4242');
    expect(destination).toContain('••••');
    expect(within(refused).getByTestId('record-reason').textContent).toContain('Name mismatch');
    fireEvent.click(screen.getByTestId('records-tab-0'));
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(1));
    expect(screen.getByTestId('record-amount').textContent).toBe('$20.00');
  });

  it('a record linked from the bill (?id=) is marked', async () => {
    const { id, token } = await server.api.register('records_focus');
    await storeToken(token);
    const [first] = await db()
      .insert(recharges)
      .values([
        { userId: id, type: 'manual', amount: 700, status: 0 },
        { userId: id, type: 'manual', amount: 800, status: 0 },
      ])
      .returning({ id: recharges.id });
    await startApp(`/topUpRecord?id=${first.id}`);
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(2));
    const marked = screen.getByTestId('record-focus');
    expect(within(marked).getByTestId('record').dataset.recordId).toBe(String(first.id));
    expect(screen.getAllByTestId('record-focus')).toHaveLength(1);
  });
});
