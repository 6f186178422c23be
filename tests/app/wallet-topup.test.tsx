import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startParamToPath } from '../../common/start-param';
import en from '../../locales/en-US.json';
import { networks, recharges, users } from '../../server/db/schema';
import { seedNetworks } from '../../server/demo/networks-seed';
import { creditCardPayment } from '../../server/modules/wallet/card-payments';
import { TEST_BOT_TOKEN } from '../support/app';
import { fakeBotApi } from '../server/support/fake-bot-api';
import { takeBankTransfers } from '../server/wallet-fixture';
import { at, input, type } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';
import { fakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * The top-up screens against the real server: /topUp's three ways, the on-chain and manual
 * top-ups (every field checked before any call, the evidence picture uploaded for real) and the
 * card top-up through a Telegram invoice, in a plain browser and in the mocked Telegram client.
 */
const botApi = await fakeBotApi();
const server = useRealServer({
  PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake',
  TELEGRAM_API_ROOT: botApi.url,
});
const db = () => server.api.database.db;
const submit = () => fireEvent.click(screen.getByTestId('main-action'));
const errorOf = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null;
const TRC20_FROM = 'TQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmx';

let trc20: number;
beforeAll(async () => {
  await seedNetworks(db());
  await takeBankTransfers(db());
  [{ id: trc20 }] = await db()
    .select({ id: networks.id })
    .from(networks)
    .where(eq(networks.name, 'USDT-TRC20'));
});
afterAll(() => botApi.close());

async function shopper(name: string) {
  const { token, id } = await server.api.register(name);
  await storeToken(token);
  return id;
}
const rechargesOf = (userId: number) => db().select().from(recharges).where(eq(recharges.userId, userId));
const balanceOf = async (userId: number) =>
  (await db().select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;

async function uploadEvidence() {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const file = new File([new Uint8Array(png)], 'receipt.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('evidence-input'), { target: { files: [file] } });
  await screen.findByTestId('evidence-preview');
}

describe('/topUp', () => {
  it('offers the three ways with cost, time and limits, and links to the records', async () => {
    await shopper('topup_ways');
    await startApp('/topUp');
    const chain = await screen.findByTestId('way-chain');
    expect(chain.textContent).toContain(en.topUp.ways.chain.title);
    expect(chain.textContent).toContain(en.topUp.ways.chain.cost);
    expect(chain.textContent).toContain(en.topUp.ways.chain.time);
    expect(chain.textContent).toContain(en.topUp.from.replace('{{min}}', '$10.00'));
    const card = screen.getByTestId('way-card');
    expect(card.textContent).toContain(en.topUp.ways.card.cost);
    expect(card.textContent).toContain(
      en.topUp.limits.replace('{{min}}', '$1.00').replace('{{max}}', '$10,000.00'),
    );
    expect(screen.queryByTestId('card-unavailable')).toBeNull();
    expect(screen.getByTestId('way-manual').textContent).toContain(en.topUp.ways.manual.time);
    await waitFor(() => expect(screen.getByTestId('topup-balance').textContent).toBe('$0.00'));
    fireEvent.click(screen.getByTestId('way-manual'));
    await at('/walletTopUp');
    expect(window.location.search).toBe('?type=manual');
    await screen.findByTestId('manual-intro');
  });

  it('the records are one tap away', async () => {
    await shopper('topup_records_link');
    await startApp('/topUp');
    fireEvent.click(await screen.findByText(en.topUp.records));
    await at('/topUpRecord');
  });

  it('the deep link "topup" opens it', async () => {
    await shopper('topup_deeplink');
    await startApp(startParamToPath('topup'));
    await screen.findByTestId('way-chain');
    expect(window.location.pathname).toBe('/topUp');
  });
});

describe('/walletTopUp: on-chain', () => {
  it('shows the chosen network: address, QR code, copy, minimum and the DEX/BSC/HECO warning', async () => {
    await shopper('topup_chain_show');
    await startApp('/walletTopUp');
    expect((await screen.findByTestId('dex-warning')).textContent).toBe(en.topUp.form.warning);
    expect(screen.queryByTestId('deposit')).toBeNull();
    // A browser has no QR scanner: the fields are typed.
    expect(screen.queryByTestId('scan-from-address')).toBeNull();
    expect(screen.queryByTestId('scan-tx-hash')).toBeNull();
    fireEvent.change(screen.getByTestId('network'), { target: { value: String(trc20) } });
    const deposit = await screen.findByTestId('deposit');
    expect(within(deposit).getByTestId('deposit-address').textContent).toBe(
      'DEMO-TRC20-not-a-real-address-do-not-send',
    );
    const qr = within(deposit).getByTestId('deposit-qr');
    expect(qr.getAttribute('aria-label')).toBe(en.topUp.form.qr);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(500);
    expect(within(deposit).getByTestId('network-min').textContent).toBe(
      en.topUp.form.min.replace('{{min}}', '$10.00'),
    );
    // A plain-HTTP page has no clipboard: the toast says copying needs HTTPS.
    fireEvent.click(within(deposit).getByTestId('copy-address'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(en.common.copyNeedsHttps));
  });

  it('says what is missing at each field and sends nothing', async () => {
    const id = await shopper('topup_chain_missing');
    await startApp('/walletTopUp');
    await screen.findByTestId('network');
    submit();
    await waitFor(() => expect(errorOf('network_id')).toBe(en.topUp.errors.networkRequired));
    expect(errorOf('amount')).toBe(en.topUp.errors.amountNotPositive);
    expect(errorOf('from_address')).toBe(en.topUp.errors.fromAddressRequired);
    expect(errorOf('evidence')).toBe(en.topUp.errors.evidenceRequired);
    expect(errorOf('tx_hash')).toBeNull();
    // Fixing a field clears its message.
    fireEvent.change(screen.getByTestId('network'), { target: { value: String(trc20) } });
    await waitFor(() => expect(errorOf('network_id')).toBeNull());
    type('tx_hash', 'not-a-hash');
    await waitFor(() => expect(errorOf('tx_hash')).toBe(en.topUp.errors.txHashInvalid));
    type('from_address', 'short');
    await waitFor(() => expect(errorOf('from_address')).toBe(en.topUp.errors.addressInvalid));
    expect(await rechargesOf(id)).toEqual([]);
  });

  it.each([
    ['0', en.topUp.errors.amountNotPositive],
    ['-1', en.topUp.errors.amountNotPositive],
    ['1.234', en.topUp.errors.amountInvalid],
    ['1e3', en.topUp.errors.amountInvalid],
    ['abc', en.topUp.errors.amountInvalid],
    ['9.99', en.topUp.errors.belowMin.replace('{{min}}', '$10.00')],
    ['10000.01', en.topUp.errors.aboveMax.replace('{{max}}', '$10,000.00')],
  ])('refuses the amount %s at the field and sends nothing', async (amount, message) => {
    const id = await shopper(`topup_bad_${amount.replace(/\W/g, '_')}`);
    await startApp('/walletTopUp');
    fireEvent.change(await screen.findByTestId('network'), { target: { value: String(trc20) } });
    type('amount', amount);
    type('from_address', TRC20_FROM);
    await uploadEvidence();
    submit();
    await waitFor(() => expect(errorOf('amount')).toBe(message));
    expect(errorOf('from_address')).toBeNull();
    expect(errorOf('evidence')).toBeNull();
    expect(await rechargesOf(id)).toEqual([]);
  });

  it('submits with the picture: waits for review, nothing credited, the record one tap away', async () => {
    const id = await shopper('topup_chain_ok');
    await startApp('/walletTopUp');
    fireEvent.change(await screen.findByTestId('network'), { target: { value: String(trc20) } });
    type('amount', '25.50');
    type('from_address', TRC20_FROM);
    type('tx_hash', `0x${'ab'.repeat(32)}`);
    await uploadEvidence();
    // Replaceable: a second picture takes the first one's place.
    await uploadEvidence();
    expect(screen.getByTestId('evidence-button').textContent).toBe(en.topUp.form.replace);
    submit();
    const done = await screen.findByTestId('topup-done');
    const [row] = await rechargesOf(id);
    expect(done.textContent).toContain(en.topUp.done.title);
    expect(done.textContent).toContain(
      en.topUp.done.text.replace('{{id}}', String(row.id)).replace('{{amount}}', '$25.50'),
    );
    expect(row).toMatchObject({
      type: 'chain',
      status: 0,
      amount: 2550,
      networkId: trc20,
      fromAddress: TRC20_FROM,
      txHash: `0x${'ab'.repeat(32)}`,
    });
    expect(row.evidenceId).not.toBeNull();
    expect(await balanceOf(id)).toBe(0);
    fireEvent.click(screen.getByText(en.topUp.done.records));
    await at('/topUpRecord');
    expect(window.location.search).toBe(`?id=${row.id}`);
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(1));
  });

  it('an address of another network is refused by the server, translated, and nothing is recorded', async () => {
    const id = await shopper('topup_chain_mismatch');
    await startApp('/walletTopUp');
    fireEvent.change(await screen.findByTestId('network'), { target: { value: String(trc20) } });
    type('amount', '20');
    type('from_address', `0x${'1'.repeat(40)}`);
    await uploadEvidence();
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toBe(
        'Choose a network matching the withdrawing platform',
      ),
    );
    expect(screen.queryByTestId('topup-done')).toBeNull();
    expect(await rechargesOf(id)).toEqual([]);
  });
});

describe('/walletTopUp?type=manual', () => {
  it('asks for the amount and the receipt, then submits', async () => {
    const id = await shopper('topup_manual');
    await startApp('/walletTopUp?type=manual');
    await screen.findByTestId('manual-intro');
    expect(screen.getByTestId('bank-reference').textContent).toBe(`TOPUP-${id}`);
    expect(screen.queryByTestId('network')).toBeNull();
    expect(input('from_address')).toBeNull();
    submit();
    await waitFor(() => expect(errorOf('amount')).toBe(en.topUp.errors.amountNotPositive));
    expect(errorOf('evidence')).toBe(en.topUp.errors.evidenceRequired);
    type('amount', '0.50');
    await waitFor(() => expect(errorOf('amount')).toBe(en.topUp.errors.belowMin.replace('{{min}}', '$1.00')));
    expect(await rechargesOf(id)).toEqual([]);
    type('amount', '120');
    await uploadEvidence();
    submit();
    await screen.findByTestId('topup-done');
    const [row] = await rechargesOf(id);
    expect(row).toMatchObject({ type: 'manual', status: 0, amount: 12_000, networkId: null });
  });
});

describe('/cardTopUp', () => {
  it('outside Telegram says the invoice opens only in Telegram', async () => {
    await shopper('topup_card_browser');
    await startApp('/cardTopUp');
    expect((await screen.findByTestId('card-needs-telegram')).textContent).toContain(
      en.topUp.card.needsTelegram,
    );
    expect(screen.queryByTestId('main-action')).toBeNull();
  });

  let nextTgId = 7_200_000_000;
  async function inTelegram(status: string) {
    const user = { id: nextTgId++, first_name: 'Cara', language_code: 'en' };
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user, invoice: () => status });
    await startApp('/cardTopUp');
    await screen.findByText(en.topUp.card.intro);
    const [row] = await db().select().from(users).where(eq(users.telegramId, user.id));
    return { client, user, userId: row.id };
  }
  const pressMain = () => act(async () => sdk.emitEvent('main_button_pressed'));

  it('checks the amount before asking for an invoice', async () => {
    const { client, userId } = await inTelegram('paid');
    for (const [amount, message] of [
      ['', en.topUp.errors.amountNotPositive],
      ['1e3', en.topUp.errors.amountInvalid],
      ['0.99', en.topUp.errors.belowMin.replace('{{min}}', '$1.00')],
    ]) {
      type('amount', amount);
      await pressMain();
      await waitFor(() => expect(errorOf('amount')).toBe(message));
    }
    expect(client.callsOf('web_app_open_invoice')).toEqual([]);
    expect(await rechargesOf(userId)).toEqual([]);
  });

  it('a paid invoice: the screen waits for the bot to credit it, then shows the new balance', async () => {
    const { client, user, userId } = await inTelegram('paid');
    type('amount', '15');
    await pressMain();
    await waitFor(() => expect(screen.getByTestId('card-result').textContent).toBe(en.topUp.card.paid));
    const [opened] = client.callsOf('web_app_open_invoice');
    expect(opened?.slug).toMatch(/^fake-invoice-\d+$/);
    const [row] = await rechargesOf(userId);
    expect(row).toMatchObject({ type: 'card', status: 0, amount: 1500 });
    expect(await balanceOf(userId)).toBe(0);
    // Telegram's successful payment reaches the bot, which credits it.
    await creditCardPayment(db(), {
      telegramUserId: user.id,
      payload: `recharge:${row.id}`,
      currency: 'USD',
      totalAmount: 1500,
      chargeId: `tg-charge-${row.id}`,
      providerChargeId: `provider-${row.id}`,
    });
    await waitFor(
      () =>
        expect(screen.getByTestId('card-result').textContent).toBe(
          en.topUp.card.credited.replace('{{amount}}', '$15.00').replace('{{balance}}', '$15.00'),
        ),
      { timeout: 10_000 },
    );
    expect(await balanceOf(userId)).toBe(1500);
  });

  it.each(['cancelled', 'failed', 'pending'] as const)(
    'a %s invoice says so and credits nothing',
    async (status) => {
      const { userId } = await inTelegram(status);
      type('amount', '5');
      await pressMain();
      await waitFor(() => expect(screen.getByTestId('card-result').textContent).toBe(en.topUp.card[status]));
      expect(await balanceOf(userId)).toBe(0);
    },
  );
});

describe('/walletTopUp: scanning inside Telegram', () => {
  const ERC20_FROM = `0x${'Ab'.repeat(20)}`;
  const HASH = `0x${'5e'.repeat(32)}`;
  let nextTgId = 7_300_000_000;
  async function scanning(camera: string[]) {
    const user = { id: nextTgId++, first_name: 'Ines', language_code: 'en' };
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, user, camera });
    await startApp('/walletTopUp');
    await screen.findByTestId('network');
    return client;
  }
  const scan = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));
  const scanProblem = (field: string) => screen.queryByTestId(`scan-problem-${field}`)?.textContent ?? null;
  const chosenNetwork = () => (screen.getByTestId('network') as HTMLSelectElement).value;

  it('a payment link fills the sending address and picks its network; a code of another network or none fills nothing', async () => {
    const client = await scanning([`tron:${TRC20_FROM}?amount=25`, ERC20_FROM, 'https://example.com/hello']);
    expect(chosenNetwork()).toBe('');
    await scan('scan-from-address');
    await waitFor(() => expect(input('from_address').value).toBe(TRC20_FROM));
    expect(chosenNetwork()).toBe(String(trc20));
    expect(client.callsOf('web_app_open_scan_qr_popup')[0]).toEqual({ text: en.scan.addressPrompt });

    await scan('scan-from-address');
    await waitFor(() =>
      expect(scanProblem('from_address')).toBe(
        en.scan.otherNetwork.replaceAll('{{network}}', 'USDT-ERC20').replace('{{chosen}}', 'USDT-TRC20'),
      ),
    );
    expect(input('from_address').value).toBe(TRC20_FROM);
    expect(chosenNetwork()).toBe(String(trc20));

    await scan('scan-from-address');
    await waitFor(() => expect(scanProblem('from_address')).toBe(en.scan.notAddress));
    expect(input('from_address').value).toBe(TRC20_FROM);
    // Typing takes the message away.
    type('from_address', `${TRC20_FROM.slice(0, -1)}y`);
    await waitFor(() => expect(scanProblem('from_address')).toBeNull());
  });

  it("an explorer's address fills the transaction hash; a code without one says so; closing the scanner changes nothing", async () => {
    const client = await scanning([`https://etherscan.io/tx/${HASH}`, 'not a hash at all']);
    await scan('scan-tx-hash');
    await waitFor(() => expect(input('tx_hash').value).toBe(HASH));
    expect(client.callsOf('web_app_open_scan_qr_popup')[0]).toEqual({ text: en.scan.hashPrompt });
    await scan('scan-tx-hash');
    await waitFor(() => expect(scanProblem('tx_hash')).toBe(en.scan.notHash));
    expect(input('tx_hash').value).toBe(HASH);
    // The camera reads nothing more: the shopper closes the scanner.
    await scan('scan-tx-hash');
    await waitFor(() => expect(client.callsOf('web_app_open_scan_qr_popup')).toHaveLength(3));
    expect(input('tx_hash').value).toBe(HASH);
    expect(scanProblem('tx_hash')).toBe(en.scan.notHash);
  });
});
