import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../server/config';
import { networks, notifications, users } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { credit, setBankDetails } from '../../server/modules/wallet';
import { seedNetworks } from '../../server/demo/networks-seed';
import { runCli } from '../../server/admin/program';
import { createTestAppWithDataDir, type TestApp } from '../support/app';
import { newKey, type CallOptions } from '../support/endpoint';

/**
 * The wallet suites' shop: a test app with its own data folder and the demo networks, shoppers
 * with a balance and a payment password, pictures to upload as evidence, and calls that carry an
 * Idempotency-Key.
 */
export const PAY_PASSWORD = '246810';
export const LOGIN_PASSWORD = 'secret123';

/** Addresses that fit the demo networks' patterns. */
export const TRC20 = `T${'Qm'.repeat(16)}x`;
export const ERC20 = `0x${'ab'.repeat(20)}`;
export const TX_HASH = `0x${'cd'.repeat(32)}`;
/** Luhn-valid test card numbers. */
export const VISA = '4242 4242 4242 4242';
export const MASTERCARD = '5555-5555-5555-4444';

/** The shop's bank account for manual top-ups (the example IBAN of the standard: its check digits hold). */
export const SHOP_BANK = {
  holder: 'SHOP Test Ltd',
  bankName: 'Test Bank AG',
  account: 'DE89 3704 0044 0532 0130 00',
  swift: 'DEUTDEFF',
};

/** The operator sets the shop's bank account: manual top-ups are taken from now on. */
export const takeBankTransfers = (db: Db) => setBankDetails(db, { ...SHOP_BANK, operator: 'tests' });

export interface WalletShop {
  t: TestApp;
  dataDir: string;
  net: { trc20: number; erc20: number; btc: number };
  close(): Promise<void>;
}

export async function walletShop(overrides: Partial<Config> = {}): Promise<WalletShop> {
  // Many evidence pictures per shopper: the upload rate is the upload suite's business.
  const t = await createTestAppWithDataDir('wallet', { UPLOAD_RATE: 100_000, ...overrides });
  await seedNetworks(t.database.db);
  const rows = await t.database.db.select({ id: networks.id, name: networks.name }).from(networks);
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return {
    t,
    dataDir: t.dataDir,
    net: { trc20: id('USDT-TRC20'), erc20: id('USDT-ERC20'), btc: id('BTC') },
    close: () => t.close(),
  };
}

export interface Shopper {
  id: number;
  token: string;
  account: string;
}

/** A registered shopper with a payment password and `cents` on the balance (one credit). */
export async function shopper(
  t: TestApp,
  account: string,
  opts: { cents?: number; payPassword?: boolean; telegramId?: number } = {},
): Promise<Shopper> {
  const { token, id } = await t.register(account, LOGIN_PASSWORD);
  if (opts.payPassword !== false) {
    const res = await t.endpoint('user.resetPay', {
      token,
      body: { newpassword: PAY_PASSWORD, password: LOGIN_PASSWORD },
    });
    if (res.code !== 1) throw new Error(`resetPay failed: ${res.msg}`);
  }
  if (opts.cents)
    await credit(t.database.db, {
      user: account,
      amount: opts.cents,
      reason: 'Test money',
      operator: 'tests',
    });
  if (opts.telegramId !== undefined)
    await t.database.db.update(users).set({ telegramId: opts.telegramId }).where(eq(users.id, id));
  return { id, token, account };
}

export { newKey };

/**
 * A call at a literal path with a fresh Idempotency-Key on every POST unless `key` says otherwise,
 * for the suites that still name paths; a call by name goes through `t.endpoint`.
 */
export const send = <T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: Omit<CallOptions, 'headers' | 'ip'> = {},
) =>
  t.call<T>(method, url, { ...opts, key: opts.key === undefined && method === 'POST' ? newKey() : opts.key });

/** A picture uploaded by the shopper: the url POST /api/upload answered. */
export async function uploadPicture(t: TestApp, token: string, colour = '#3366cc'): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
  const res = await t.endpoint<{ url: string }>('upload.image', { token, body: form });
  if (res.code !== 1) throw new Error(`upload failed: ${res.msg}`);
  return res.data.url;
}

/**
 * What wallet.recharge takes for a top-up of $25.50 on USDT-TRC20 from TRC20, with a picture the
 * shopper uploads now as its evidence; `extra` changes or adds fields.
 */
export async function chainTopUp(
  shop: WalletShop,
  s: Pick<Shopper, 'token'>,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'chain',
    amount: '25.50',
    network_id: shop.net.trc20,
    from_address: TRC20,
    evidence: await uploadPicture(shop.t, s.token),
    ...extra,
  };
}

/** What wallet.extract takes for a withdrawal of $20 to the VISA card; `extra` changes or adds fields. */
export const bankWithdrawal = (extra: Record<string, unknown> = {}) => ({
  type: 'bank',
  amount: '20',
  password_pay: PAY_PASSWORD,
  bank_name: 'Demo Bank',
  holder: 'Ada Lovelace',
  card_number: VISA,
  ...extra,
});

export async function walletOf(t: TestApp, userId: number): Promise<{ balance: number; frozen: number }> {
  const [row] = await t.database.db
    .select({ balance: users.balance, frozen: users.frozen })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export const noticesOf = (t: TestApp, userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

/**
 * `npm run admin -- <argv> --operator alice` beside the wallet shop (through its socket, which the
 * file starts), with what it printed.
 */
export async function runAdmin(shop: WalletShop, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = {
    DATA_DIR: shop.dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: shop.t.database.kind === 'postgres' ? 'postgres://unused/x' : undefined,
  };
  const code = await runCli([...argv, '--operator', 'alice'], env, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
