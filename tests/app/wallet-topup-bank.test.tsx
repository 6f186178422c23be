import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { clearBankDetails, setBankDetails } from '../../server/modules/wallet';
import { SHOP_BANK, takeBankTransfers } from '../server/wallet-fixture';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * The bank transfer top-up (/walletTopUp?type=manual) against the real server: its own title, the
 * shop's bank account from the operator's setting with a copy button on each value and the
 * shopper's reference; while the operator has set none, "no bank transfers yet" on /topUp and on
 * the screen itself.
 */
const server = useRealServer();
const db = () => server.api.database.db;
const titleOf = (key: keyof typeof en.routes) => `${en.routes[key]} · SHOP`;

async function shopper(name: string) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  return id;
}

/** A secure page with a clipboard that keeps what is written (jsdom has neither). */
function clipboard(fail = false) {
  const written: string[] = [];
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (fail) throw new Error('denied');
        written.push(text);
      },
    },
  });
  return written;
}
afterEach(() => {
  delete (window as { isSecureContext?: boolean }).isSecureContext;
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('a shop without bank details', () => {
  it('/topUp marks the bank way "no bank transfers yet" and does not open it', async () => {
    await clearBankDetails(db(), { operator: 'tests' });
    await shopper('bank_none_ways');
    await startApp('/topUp');
    const way = await screen.findByTestId('way-manual');
    expect(screen.getByTestId('manual-unavailable').textContent).toBe(en.topUp.ways.manual.unavailable);
    expect(way.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(way);
    expect(window.location.pathname).toBe('/topUp');
  });

  it('/walletTopUp?type=manual says so, with no form, and leads to the other ways', async () => {
    await clearBankDetails(db(), { operator: 'tests' });
    await shopper('bank_none_screen');
    await startApp('/walletTopUp?type=manual');
    expect((await screen.findByTestId('bank-none')).textContent).toContain(en.topUp.bank.none);
    expect(document.title).toBe(titleOf('bankTopUp'));
    expect(screen.queryByTestId('amount')).toBeNull();
    expect(screen.queryByTestId('main-action')).toBeNull();
    fireEvent.click(screen.getByText(en.topUp.bank.otherWays));
    await waitFor(() => expect(window.location.pathname).toBe('/topUp'));
  });
});

describe('/walletTopUp?type=manual with the bank details set', () => {
  it('has its own title, not the crypto one; the on-chain screen keeps its title', async () => {
    await takeBankTransfers(db());
    await shopper('bank_title');
    await startApp('/walletTopUp?type=manual');
    await screen.findByTestId('bank');
    expect(document.title).toBe(titleOf('bankTopUp'));
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe('Bank transfer top-up');
    expect(screen.queryByTestId('network')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.common.back }));
    await waitFor(() => expect(window.location.pathname).toBe('/topUp'));
    fireEvent.click(await screen.findByTestId('way-manual'));
    await screen.findByTestId('bank');
    expect(document.title).toBe(titleOf('bankTopUp'));
  });

  it("shows the account, the SWIFT/BIC, the note and the shopper's reference, each copied with its button", async () => {
    await setBankDetails(db(), { ...SHOP_BANK, note: 'EUR or USD only', operator: 'tests' });
    const id = await shopper('bank_details');
    const written = clipboard();
    await startApp('/walletTopUp?type=manual');
    await screen.findByTestId('bank');
    expect(screen.getByTestId('manual-intro').textContent).toBe(en.topUp.form.manualIntro);
    expect(screen.getByTestId('bank-holder').textContent).toBe('SHOP Test Ltd');
    expect(screen.getByTestId('bank-bank-name').textContent).toBe('Test Bank AG');
    // An IBAN reads in groups of four and copies without spaces.
    expect(screen.getByTestId('bank-account').textContent).toBe('DE89 3704 0044 0532 0130 00');
    expect(screen.getByTestId('bank-swift').textContent).toBe('DEUTDEFF');
    expect(screen.getByTestId('bank-reference').textContent).toBe(`TOPUP-${id}`);
    expect(screen.getByTestId('bank-reference-hint').textContent).toBe(en.topUp.bank.referenceHint);
    expect(screen.getByTestId('bank-note').textContent).toBe('EUR or USD only');
    expect(screen.getByText(en.topUp.bank.holder)).toBeTruthy();

    const copy = screen.getByRole('button', { name: `Copy ${en.topUp.bank.account}` });
    fireEvent.click(copy);
    await waitFor(() => expect(written).toEqual(['DE89370400440532013000']));
    expect(screen.getByTestId('toast').textContent).toBe(en.common.copied);
    fireEvent.click(screen.getByTestId('copy-reference'));
    fireEvent.click(screen.getByTestId('copy-holder'));
    fireEvent.click(screen.getByTestId('copy-swift'));
    await waitFor(() =>
      expect(written).toEqual(['DE89370400440532013000', `TOPUP-${id}`, 'SHOP Test Ltd', 'DEUTDEFF']),
    );
    // The amount and receipt follow, as before.
    expect(screen.getByTestId('amount')).toBeTruthy();
    expect(screen.getByTestId('evidence-input')).toBeTruthy();
  });

  it('a clipboard that refuses says the copy failed', async () => {
    await takeBankTransfers(db());
    await shopper('bank_copy_failed');
    clipboard(true);
    await startApp('/walletTopUp?type=manual');
    fireEvent.click(await screen.findByTestId('copy-account'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(en.common.copyFailed));
  });
});
