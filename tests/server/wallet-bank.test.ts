import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockchainAnswer, RechargeAnswer } from '../../common/schemas/wallet-topup';
import { startAdminSocket, type AdminSocket } from '../../server/admin/socket-server';
import { recharges } from '../../server/db/schema';
import { rechargeKind } from '../../server/modules/desk/kinds/recharge';
import { clearBankDetails, getBankDetails, setBankDetails } from '../../server/modules/wallet';
import { setSetting } from '../../server/modules/settings';
import { readSetting } from '../../server/modules/settings/store';
import {
  shopper,
  SHOP_BANK,
  uploadPicture,
  walletShop,
  type Shopper,
  type WalletShop,
  runAdmin,
} from './wallet-fixture';
import { operatorRefusal } from './operator-fixture';

/**
 * The bank transfer way of topping up: the operator's bank details (the bankDetails setting,
 * `npm run admin -- bank`), checked field by field; getBlockchain hands them to the shopper with the
 * shopper's own transfer reference; without them a manual top-up is refused.
 */
let shop: WalletShop;
let socket: AdminSocket;
let ada: Shopper;
let bob: Shopper;
const db = () => shop.t.database.db;

beforeAll(async () => {
  shop = await walletShop();
  socket = (await startAdminSocket({
    dataDir: shop.dataDir,
    database: shop.t.database,
    log: pino({ level: 'silent' }),
  }))!;
  ada = await shopper(shop.t, 'ada_bank');
  bob = await shopper(shop.t, 'bob_bank');
});
afterAll(async () => {
  await socket?.close();
  await shop.close();
});

const cli = (argv: string[]) => runAdmin(shop, argv);

const blockchain = async (s: Shopper) =>
  (await shop.t.endpoint<BlockchainAnswer>('wallet.getBlockchain', { token: s.token })).data;
const manualTopUp = async (s: Shopper, lang?: string) =>
  shop.t.endpoint<RechargeAnswer>('wallet.recharge', {
    token: s.token,
    lang,
    body: { type: 'manual', amount: '40', evidence: await uploadPicture(shop.t, s.token) },
  });
const manualCount = async (s: Shopper) =>
  (await db().select().from(recharges).where(eq(recharges.userId, s.id))).length;
const refusal = async (work: Promise<unknown>) => (await operatorRefusal(work)).message;

describe('a shop without bank details', () => {
  it("answers no bank account, and refuses a manual top-up in the shopper's language, recording nothing", async () => {
    expect((await getBankDetails(db())).value).toBeNull();
    expect((await blockchain(ada)).bank).toBeNull();
    expect(await manualTopUp(ada)).toMatchObject({
      code: 0,
      error: 'wallet.bankUnavailable',
      msg: 'The shop takes no bank transfers yet. Choose another way to top up',
    });
    expect(await manualTopUp(ada, 'de-DE')).toMatchObject({
      code: 0,
      msg: 'Der Shop nimmt noch keine Überweisungen an. Wählen Sie einen anderen Weg zum Aufladen',
    });
    expect(await manualCount(ada)).toBe(0);
  });

  it('`bank show` says so and how to set them', async () => {
    const run = await cli(['bank', 'show']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('No bank details: the shop takes no bank transfers');
    expect(run.out).toContain('npm run admin -- bank set --holder');
  });
});

describe('the operator sets the bank details', () => {
  it('refuses what cannot be an account, saying which field and why, and keeps nothing', async () => {
    const set = (fields: Record<string, string>) =>
      refusal(setBankDetails(db(), { ...fields, operator: 'alice' }));
    expect(await set({ holder: 'SHOP Ltd' })).toBe(
      'the shop has no bank details yet: give the holder, the bank name and the account',
    );
    expect(await set({})).toContain('nothing to change');
    const full = { holder: 'SHOP Ltd', bankName: 'Test Bank', account: SHOP_BANK.account };
    for (const [fields, message] of [
      [
        { account: 'DE89 3704 0044 0532 0130 01' },
        'the account "DE89 3704 0044 0532 0130 01" is not a valid IBAN',
      ],
      [{ account: 'Call us' }, 'the account "Call us" is not an IBAN or an account number'],
      [{ swift: 'DEUT' }, 'the SWIFT/BIC is not a SWIFT/BIC code'],
      [{ holder: 'SHOP\nLtd' }, 'the holder must be one line of text'],
      [{ bankName: 'B'.repeat(101) }, 'the bank name must be at most 100 characters'],
      [{ note: 'n'.repeat(201) }, 'the note must be at most 200 characters'],
      [{ holder: '   ' }, 'the holder is required'],
    ] as [Record<string, string>, string][])
      expect(await set({ ...full, ...fields })).toContain(message);
    expect(await readSetting(db(), 'bankDetails')).toBeNull();
    // The generic settings command checks the same shape.
    await expect(
      setSetting(db(), { key: 'bankDetails', value: { ...full, account: '12' }, operator: 'alice' }),
    ).rejects.toMatchObject({ code: 'operator.badSetting' });
  });

  it('stores an IBAN without spaces and a SWIFT/BIC in capitals; later sets change only what they name', async () => {
    const first = await setBankDetails(db(), {
      holder: ' SHOP Ltd ',
      bankName: 'Test Bank AG',
      account: 'de89 3704 0044 0532 0130 00',
      swift: 'deut de ff',
      operator: 'alice',
    });
    expect(first.previous.value).toBeNull();
    expect(first.current.value).toEqual({
      holder: 'SHOP Ltd',
      bankName: 'Test Bank AG',
      account: 'DE89370400440532013000',
      swift: 'DEUTDEFF',
      note: null,
    });
    const second = await setBankDetails(db(), { note: 'EUR or USD; 1-2 business days', operator: 'alice' });
    expect(second.current.value).toMatchObject({
      account: 'DE89370400440532013000',
      note: 'EUR or USD; 1-2 business days',
    });
    // An account number that is not an IBAN stays as written; "" removes the SWIFT/BIC.
    const third = await setBankDetails(db(), {
      account: 'Sort code 12-34-56, account 12345678',
      swift: '',
      operator: 'alice',
    });
    expect(third.current.value).toMatchObject({
      account: 'Sort code 12-34-56, account 12345678',
      swift: null,
    });
    await setBankDetails(db(), { ...SHOP_BANK, operator: 'alice' });
  });

  it("getBlockchain hands them to the shopper with the shopper's own reference; a manual top-up goes through", async () => {
    const forAda = await blockchain(ada);
    expect(forAda.bank).toEqual({
      holder: 'SHOP Test Ltd',
      bankName: 'Test Bank AG',
      account: 'DE89370400440532013000',
      swift: 'DEUTDEFF',
      note: 'EUR or USD; 1-2 business days',
      reference: `TOPUP-${ada.id}`,
    });
    expect((await blockchain(bob)).bank?.reference).toBe(`TOPUP-${bob.id}`);
    const made = await manualTopUp(ada);
    expect(made).toMatchObject({ code: 1, data: { type: 'manual', status: 0, amount: '40.00' } });
    // The operator reads the reference beside the top-up, on the command line and in the desk post.
    const list = await cli(['recharges', '--user', 'ada_bank']);
    expect(list.out).toMatch(
      new RegExp(`^\\s*${made.data.id}\\s+manual\\s+auditing\\s+ada_bank.*reference TOPUP-${ada.id}`, 'm'),
    );
    const post = await rechargeKind.describe(db(), made.data.id, 'en-US');
    expect(post?.text).toContain(`Bank reference: TOPUP-${ada.id}`);
  });

  it('removed again, the shop takes no bank transfers; a top-up already waiting stays', async () => {
    const cleared = await clearBankDetails(db(), { operator: 'alice' });
    expect(cleared.previous.value).toMatchObject({ holder: 'SHOP Test Ltd' });
    expect(cleared.current.value).toBeNull();
    expect((await blockchain(ada)).bank).toBeNull();
    expect(await manualTopUp(ada)).toMatchObject({ code: 0, error: 'wallet.bankUnavailable' });
    expect(await manualCount(ada)).toBe(1);
  });
});

describe('npm run admin -- bank', () => {
  it('has its help', async () => {
    const run = await cli(['bank', '--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Usage: npm run admin -- bank <show|set|clear> [options]');
    expect(run.out).toContain('--account <iban|number>');
    expect((await cli(['--help'])).out).toContain('  bank ');
  });

  it('sets, shows and clears them', async () => {
    const set = await cli([
      'bank',
      'set',
      '--holder',
      'SHOP Ltd',
      '--bank',
      'Deutsche Bank',
      '--account',
      'DE89 3704 0044 0532 0130 00',
      '--swift',
      'DEUTDEFF',
      '--note',
      'EUR only',
    ]);
    expect(set.code).toBe(0);
    expect(set.out).toContain('Bank details set. Shoppers now transfer to:');
    expect(set.out).toMatch(/Account:\s+DE89370400440532013000/);
    expect(set.out).toContain('Before: none.');
    const show = await cli(['bank', 'show']);
    expect(show.out).toMatch(/Holder:\s+SHOP Ltd\n\s+Bank:\s+Deutsche Bank\n/);
    expect(show.out).toMatch(/SWIFT\/BIC:\s+DEUTDEFF\n\s+Note:\s+EUR only/);
    expect(show.out).toContain('TOPUP-<user id>');
    const json = await cli(['bank', 'show', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({
      action: 'show',
      bank: { value: { bankName: 'Deutsche Bank' } },
    });
    const note = await cli(['bank', 'set', '--note', '']);
    expect(note.out).toMatch(/Note:\s+-/);
    expect((await cli(['settings', 'get', 'bankDetails'])).out).toContain('"holder":"SHOP Ltd"');
    const cleared = await cli(['bank', 'clear']);
    expect(cleared.code).toBe(0);
    expect(cleared.out).toContain(
      'Bank details removed: the shop takes no bank transfers now. Before: SHOP Ltd',
    );
    expect((await getBankDetails(db())).value).toBeNull();
  });

  it('a bad value is refused (exit 1) and bad usage is an error (exit 2); nothing changes', async () => {
    const iban = await cli([
      'bank',
      'set',
      '--holder',
      'X',
      '--bank',
      'Y',
      '--account',
      'DE00 1234 5678 9012 3456 78',
    ]);
    expect(iban.code).toBe(1);
    expect(iban.err).toContain('is not a valid IBAN');
    for (const [argv, message] of [
      [['bank', 'set'], 'set needs at least one of --holder'],
      [['bank', 'show', '--note', 'x'], 'show takes no options'],
      [['bank', 'open'], 'show, set or clear'],
    ] as [string[], string][]) {
      const run = await cli(argv);
      expect(run.code).toBe(2);
      expect(run.err).toContain(message);
    }
    expect((await getBankDetails(db())).value).toBeNull();
  });
});
