import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney, toAmount } from '../../common/money';
import { withdrawalFee } from '../../common/wallet';
import en from '../../locales/en-US.json';
import { networks, users, withdrawals } from '../../server/db/schema';
import { seedNetworks } from '../../server/demo/networks-seed';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { savePayout } from '../../server/modules/wallet/payouts';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The withdrawal screen against the real server: to a new bank card and on-chain, a saved method
 * reused and deleted, the fee shown before sending equal to what the server holds, every bad amount
 * refused at its field before any call, a wrong payment password with the tries left, and a card
 * number never shown back but as its last four digits.
 */
const server = useRealServer();
const db = () => server.api.database.db;
const money = (cents: number) => formatMoney(toAmount(cents), 'en-US');
const PAY_PASSWORD = '135790';
const CARD = '4242 4242 4242 4242';
const TRC20 = 'TQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmx';
const ERC20 = `0x${'ab'.repeat(20)}`;
let trc20: number;

beforeAll(async () => {
  await seedNetworks(db());
  trc20 = (await db().select().from(networks).where(eq(networks.name, 'USDT-TRC20')))[0].id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A logged-in shopper (plain browser) with `cents` on the balance and, unless told, a payment password. */
async function shopper(name: string, cents: number, { payPassword = true } = {}) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  await db().transaction((tx) =>
    moveMoney(tx, { userId: id, type: 'adjustment', balance: cents, uniqueKey: `test-credit:${id}` }),
  );
  if (payPassword) {
    const res = await server.api.endpoint('user.resetPay', {
      token,
      body: { newpassword: PAY_PASSWORD, password: 'secret123' },
    });
    expect(res.code).toBe(1);
  }
  return { token, id };
}

const balanceOf = async (id: number) =>
  (await db().select({ balance: users.balance }).from(users).where(eq(users.id, id)))[0].balance;
const withdrawalsOf = (id: number) => db().select().from(withdrawals).where(eq(withdrawals.userId, id));

/** Every POST to /api/user/extract the page sends from now on (their Idempotency-Keys). */
function extractCalls(): string[] {
  const keys: string[] = [];
  const open = XMLHttpRequest.prototype.open;
  const header = XMLHttpRequest.prototype.setRequestHeader;
  const posts = new WeakSet<XMLHttpRequest>();
  vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
    this: XMLHttpRequest,
    ...args: Parameters<XMLHttpRequest['open']>
  ) {
    if (String(args[0]).toUpperCase() === 'POST' && String(args[1]).endsWith('/api/user/extract'))
      posts.add(this);
    return (open as (...a: unknown[]) => void).apply(this, args);
  });
  vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation(function (
    this: XMLHttpRequest,
    name: string,
    value: string,
  ) {
    if (posts.has(this) && name.toLowerCase() === 'idempotency-key') keys.push(value);
    return header.call(this, name, value);
  });
  return keys;
}

const field = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
}
const pressMain = () => fireEvent.click(screen.getByTestId('main-action'));

/** Fills in a new bank card (Demo Bank, Ada Lovelace, CARD) and the amount. */
function typeNewCard(amount: string) {
  type('bankName', 'Demo Bank');
  type('holder', 'Ada Lovelace');
  type('cardNumber', CARD);
  type('amount', amount);
}

/** Presses the pad's digits one by one, as a thumb would. */
async function typePassword(digits: string) {
  const pad = within(await screen.findByTestId('pay-pad'));
  for (const digit of digits) fireEvent.click(pad.getByRole('button', { name: digit }));
}

async function openScreen(balance: number) {
  await startApp('/withDraw');
  await waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe(money(balance)));
}

/** Every text and input value on the page, to look for a card number shown back. */
const everything = () =>
  [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('input')].map((i) => i.value),
    ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
  ].join('\n');

describe('to a new bank card', () => {
  it('shows the fee before sending, the server holds the same, and the card comes back as its last four digits only', async () => {
    const { id } = await shopper('wd_bank', 30_000);
    const sent = extractCalls();
    await openScreen(30_000);
    typeNewCard('123.45');
    const fee = withdrawalFee(12_345, { rateBps: 100, min: 100 });
    expect(screen.getByTestId('withdraw-fee').textContent).toBe(money(fee));
    expect(screen.getByTestId('withdraw-arrives').textContent).toBe(money(12_345));
    expect(screen.getByTestId('withdraw-total').textContent).toBe(money(12_345 + fee));

    pressMain();
    expect((await screen.findByTestId('confirm-destination')).textContent).toBe('Demo Bank •••• 4242');
    expect(screen.getByTestId('confirm-fee').textContent).toBe(money(fee));
    expect(everything()).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('withdraw-done');

    const [row] = await withdrawalsOf(id);
    expect(row).toMatchObject({ type: 'bank', amount: 12_345, fee, status: 0, cardLast4: '4242' });
    expect(screen.getByTestId('done-fee').textContent).toBe(money(row.fee));
    expect(screen.getByTestId('done-balance').textContent).toBe(money(30_000 - 12_345 - fee));
    expect(await balanceOf(id)).toBe(30_000 - 12_345 - fee);
    expect(sent).toHaveLength(1);
    expect(everything()).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
    expect(screen.getByTestId('withdraw-done').textContent).toContain(en.withdraw.doneHint);

    fireEvent.click(screen.getByTestId('done-record'));
    await at('/depositRecord');
    expect(window.location.search).toBe(`?id=${row.id}`);
    const marked = await screen.findByTestId('record-focus');
    expect(within(marked).getByTestId('record-status').textContent).toBe(
      en.walletScreens.records.status.auditing,
    );
    expect(everything()).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
  });

  it('refuses a card number failing the Luhn check and missing fields at their fields, sending nothing', async () => {
    await shopper('wd_bank_bad', 30_000);
    const sent = extractCalls();
    await openScreen(30_000);
    type('cardNumber', '4242 4242 4242 4241');
    type('amount', '20');
    pressMain();
    expect((await screen.findByTestId('problem-cardNumber')).textContent).toBe(en.withdraw.cardNumberInvalid);
    expect(screen.getByTestId('problem-bankName').textContent).toBe(en.withdraw.bankNameRequired);
    expect(screen.getByTestId('problem-holder').textContent).toBe(en.withdraw.holderRequired);
    expect(screen.queryByTestId('pay-pad')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('"withdraw all" fills the most whose amount and fee fit the balance', async () => {
    await shopper('wd_all', 30_000);
    await openScreen(30_000);
    fireEvent.click(screen.getByTestId('withdraw-all'));
    const amount = Number(field('amount').value.replace('.', ''));
    const fee = withdrawalFee(amount, { rateBps: 100, min: 100 });
    expect(amount + fee).toBeLessThanOrEqual(30_000);
    expect(amount + 1 + withdrawalFee(amount + 1, { rateBps: 100, min: 100 })).toBeGreaterThan(30_000);
    expect(screen.getByTestId('withdraw-total').textContent).toBe(money(amount + fee));
    expect(screen.queryByTestId('problem-amount')).toBeNull();
  });
});

describe('on-chain', () => {
  it("refuses another network's address at the field, then withdraws to the right one", async () => {
    const { id } = await shopper('wd_chain', 20_000);
    const sent = extractCalls();
    await openScreen(20_000);
    fireEvent.click(screen.getByTestId('withdraw-type-chain'));
    fireEvent.change(await screen.findByTestId('network-select'), { target: { value: String(trc20) } });
    type('address', ERC20);
    type('amount', '50');
    expect((await screen.findByTestId('problem-address')).textContent).toBe(en.withdraw.networkMismatch);
    pressMain();
    expect(screen.queryByTestId('pay-pad')).toBeNull();
    expect(sent).toHaveLength(0);

    type('address', TRC20);
    expect(screen.queryByTestId('problem-address')).toBeNull();
    // USDT-TRC20: 1 % of $50 is $0.50, under its minimum fee of $1.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe(money(100));
    pressMain();
    expect((await screen.findByTestId('confirm-destination')).textContent).toBe(`USDT-TRC20 ${TRC20}`);
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('withdraw-done');
    const [row] = await withdrawalsOf(id);
    expect(row).toMatchObject({ type: 'chain', networkId: trc20, address: TRC20, amount: 5000, fee: 100 });
    expect(await balanceOf(id)).toBe(20_000 - 5100);
  });
});

describe('saved payout methods', () => {
  it('a saved card is chosen with a tap and reused; deleting asks first and removes it', async () => {
    const { id, token } = await shopper('wd_saved', 50_000);
    const savedId = await savePayout(db(), id, {
      type: 'bank',
      bankName: 'Demo Bank',
      holder: 'Ada Lovelace',
      cardDigits: CARD.replace(/ /g, ''),
    });
    await openScreen(50_000);

    const row = await screen.findByTestId('payout');
    expect(within(row).getByTestId('payout-label').textContent).toBe('Demo Bank •••• 4242');
    expect(within(row).getByTestId('payout-pick').getAttribute('aria-checked')).toBe('true');
    expect(field('cardNumber')).toBeNull();
    expect(everything()).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
    // A new card is one tap away, and back.
    fireEvent.click(screen.getByTestId('payout-new'));
    expect(field('cardNumber')).not.toBeNull();
    fireEvent.click(within(row).getByTestId('payout-pick'));
    expect(field('cardNumber')).toBeNull();

    type('amount', '20');
    pressMain();
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('withdraw-done');
    const made = (await withdrawalsOf(id)).sort((a, b) => a.id - b.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ payoutMethodId: savedId, cardLast4: '4242', amount: 2000 });

    fireEvent.click(screen.getByTestId('done-another'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    fireEvent.click(await screen.findByTestId('payout-delete'));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm.mock.calls[0][0]).toBe(
      en.withdraw.deleteConfirm.replace('{{label}}', 'Demo Bank •••• 4242'),
    );
    expect(screen.getByTestId('payout')).toBeTruthy();
    confirm.mockReturnValueOnce(true);
    fireEvent.click(screen.getByTestId('payout-delete'));
    await waitFor(() => expect(screen.queryByTestId('payout')).toBeNull());
    expect(field('cardNumber')).not.toBeNull();
    const list = await server.api.endpoint<unknown[]>('wallet.payoutList', { token });
    expect(list.data).toEqual([]);
  });
  it('an on-chain method whose network is no longer offered is not offered either', async () => {
    const { id } = await shopper('wd_saved_off', 50_000);
    const [btc] = await db().select().from(networks).where(eq(networks.name, 'BTC'));
    await savePayout(db(), id, {
      type: 'chain',
      networkId: btc.id,
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    await savePayout(db(), id, { type: 'chain', networkId: trc20, address: TRC20 });
    await db().update(networks).set({ enabled: false }).where(eq(networks.id, btc.id));
    try {
      await openScreen(50_000);
      fireEvent.click(screen.getByTestId('withdraw-type-chain'));
      const rows = await screen.findAllByTestId('payout-label');
      expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('USDT-TRC20')]);
      expect(screen.getByTestId('payout-pick').getAttribute('aria-checked')).toBe('true');
    } finally {
      await db().update(networks).set({ enabled: true }).where(eq(networks.id, btc.id));
    }
  });
});

describe('bad amounts are refused at the field before any call', () => {
  it.each([
    ['', en.withdraw.amountNotPositive],
    ['0', en.withdraw.amountNotPositive],
    ['-1', en.withdraw.amountNotPositive],
    ['1.234', en.withdraw.amountInvalid],
    ['1e3', en.withdraw.amountInvalid],
    ['abc', en.withdraw.amountInvalid],
    ['299.00', en.withdraw.amountAboveBalance],
    ['5', en.withdraw.belowMin.replace('{{min}}', '$10.00')],
  ])('"%s": %s', async (amount, message) => {
    cleanup();
    const { id } = await shopper(`wd_amount_${Math.random().toString(36).slice(2, 8)}`, 30_000);
    const sent = extractCalls();
    await openScreen(30_000);
    typeNewCard(amount);
    pressMain();
    expect((await screen.findByTestId('problem-amount')).textContent).toBe(message);
    expect(screen.queryByTestId('pay-pad')).toBeNull();
    expect(sent).toHaveLength(0);
    expect(await withdrawalsOf(id)).toHaveLength(0);
  });
});

describe('the payment password', () => {
  it('a wrong one says the tries left and moves nothing; the right one then withdraws', async () => {
    const { id } = await shopper('wd_wrong', 30_000);
    const sent = extractCalls();
    await openScreen(30_000);
    typeNewCard('40');
    pressMain();
    await typePassword('000000');
    const failure = await screen.findByTestId('withdraw-failure');
    expect(failure.dataset.error).toBe('errors.payPasswordWrong');
    expect(failure.textContent).toContain(en.errors.payPasswordWrong.replace('{{left}}', '4'));
    expect(await balanceOf(id)).toBe(30_000);
    expect(await withdrawalsOf(id)).toHaveLength(0);

    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('withdraw-done');
    expect(await balanceOf(id)).toBe(30_000 - 4000 - 100);
    // Two intents, two keys.
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
  });

  it('without one, it says so and links to set it', async () => {
    await shopper('wd_nopass', 30_000, { payPassword: false });
    await openScreen(30_000);
    typeNewCard('40');
    pressMain();
    const failure = await screen.findByTestId('withdraw-failure');
    expect(failure.textContent).toContain(en.withdraw.noPasswordTitle);
    expect(screen.queryByTestId('pay-pad')).toBeNull();
    fireEvent.click(within(failure).getByTestId('set-pay-password'));
    await at('/changePayPwd');
  });
});

describe('ways in', () => {
  it("the bill's Withdraw button and the profile's entry open it", async () => {
    await shopper('wd_entries', 1000);
    await startApp('/capitalRecord');
    fireEvent.click(await screen.findByRole('button', { name: en.walletScreens.withdraw }));
    await at('/withDraw');
    await screen.findByTestId('withdraw-balance');
    cleanup();
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    const entry = [...document.querySelectorAll('a[href]')].find(
      (a) => new URL((a as HTMLAnchorElement).href).pathname === '/withDraw',
    );
    expect(entry?.textContent).toContain(en.profile.withdraw);
  });
});
