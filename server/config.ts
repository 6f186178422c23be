import { createHash, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_DATABASE_POOL } from './db/pool';

/** 32 bytes written as 64 hex digits or as base64. */
export function walletKeyBytes(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}
const isWalletKey = (text: string) => walletKeyBytes(text) !== undefined;

/**
 * What stands in for WALLET_KEY outside production when it is unset: derived from a public
 * sentence, so anyone can compute it and it protects nothing. It lets a laptop and the test suites
 * run without setting up a secret.
 */
const DEVELOPMENT_WALLET_KEY = createHash('sha256')
  .update('SHOP development wallet key - public and insecure, never used in production')
  .digest();

/**
 * The secret for one `purpose` derived from WALLET_KEY (HKDF-SHA256), or from the development key
 * when it is unset: every key of the wallet (server/lib/wallet-key.ts) and the payment
 * passwords' (server/lib/pay-pins.ts) comes from here.
 */
export function walletSecret(walletKey: string | undefined, purpose: string): Buffer {
  const master = walletKey === undefined ? DEVELOPMENT_WALLET_KEY : walletKeyBytes(walletKey);
  if (!master) throw new Error('WALLET_KEY must be 32 bytes (64 hex digits or base64)');
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `shop wallet: ${purpose}`, 32));
}

/**
 * The password hash cost of every test (testConfig, the browser suite's shop) except those about
 * hashing itself: scrypt at N=2^10 (1 MiB) still runs the whole code path in about a millisecond.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/** Configuration, parsed once from the environment. Nothing else reads process.env. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Connections each server process keeps to PostgreSQL. Few do more: on the 2-core machine of
     * `npm run bench:checkout`, 5 served as many paid orders a second as 10, with a quarter less
     * of PostgreSQL's CPU per order and a p99 under 0.6 s instead of 0.9 s.
     */
    DATABASE_POOL: z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL),
    BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'must look like 123456:ABC... (from @BotFather)')
      .optional(),
    BOT_USERNAME: z
      .string()
      .regex(/^\w{3,64}$/)
      .optional(),
    MINI_APP_NAME: z
      .string()
      .regex(/^\w{1,64}$/)
      .optional(),
    PUBLIC_URL: z.url().optional(),
    WEBHOOK_SECRET: z
      .string()
      .regex(/^[\w-]{16,256}$/)
      .optional(),
    TELEGRAM_API_ROOT: z.url().optional(),
    TELEGRAM_TEST_ENV: z.stringbool().default(false),
    INIT_DATA_MAX_AGE: z.coerce.number().int().min(60).default(86400),
    /**
     * The operator's desk: the Telegram group (a forum or not) where new top-ups, withdrawals, paid
     * orders, refund requests and customer-service messages are posted; unset: no desk.
     */
    OPERATOR_CHAT_ID: z
      .string()
      .regex(/^-?\d{1,20}$/, 'must be a Telegram chat id such as -1001234567890')
      .transform(Number)
      .optional(),
    /** Telegram user ids allowed to act at the desk (comma-separated); anyone else's press is refused. */
    OPERATOR_IDS: z
      .string()
      .regex(/^\s*\d{1,20}(\s*,\s*\d{1,20})*\s*$/, 'must be Telegram user ids, comma-separated: 111,222')
      .transform((v) => v.split(',').map((id) => Number(id.trim())))
      .default([]),
    /**
     * The wallet's key (32 bytes as 64 hex digits or base64): encrypts bank card numbers, signs
     * the links to payment evidence pictures and keys the payment passwords' hashes. Required in
     * production; elsewhere a fixed, insecure development key stands in (walletSecret).
     */
    WALLET_KEY: z
      .string()
      .refine(isWalletKey, 'must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)')
      .optional(),
    /** Payment provider token from @BotFather (Payments) for card top-ups; unset: the card way is unavailable. */
    PAYMENT_PROVIDER_TOKEN: z
      .string()
      .regex(
        /^\d+:(TEST|LIVE):[\w-]{4,}$/,
        'must look like 123456789:TEST:abc... or 123456789:LIVE:... (from @BotFather)',
      )
      .optional(),
    /** Which proxies may set X-Forwarded-For: "true", "false", or addresses/CIDRs/keywords, comma-separated. */
    TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * How the log is written: `json` (one object a line, for a log collector), `readable` (time,
     * level and message a line, for a person), `auto`: readable on a terminal outside production.
     */
    LOG_FORMAT: z.enum(['auto', 'json', 'readable']).default('auto'),
    /** Demo catalogue and shopper: on by default outside production, in production only when asked. */
    DEMO_DATA: z.stringbool().optional(),
    /**
     * log2 of scrypt's N for new password hashes: 17 is OWASP's recommendation, 14 the least a shop
     * may run with. Below that only with NODE_ENV=test: the test suites register thousands of
     * accounts and hash at TEST_PASSWORD_HASH_COST.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(TEST_PASSWORD_HASH_COST).max(20).default(17),
    /**
     * The built Mini App's folder, when not dist/ beside the code; `npm start` (scripts/build.mjs)
     * builds into the same folder.
     */
    SHOP_DIST: z.string().optional(),
    /** Home-screen links (customer service, merchant sign-up, seller panel); unset hides the entry. */
    SERVICE_URL: z.url().optional(),
    MERCHANT_URL: z.url().optional(),
    SELLER_URL: z.url().optional(),
    /** Uploads one shopper may make in 10 minutes. */
    UPLOAD_RATE: z.coerce.number().int().min(1).default(30),
    /** Bytes of stored pictures one shopper may add in 24 hours. */
    UPLOAD_DAILY_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    /** Seconds between runs of the background jobs (sweeps of unused uploads, sessions, counters). */
    JOB_INTERVAL: z.coerce.number().int().min(1).default(600),
    /** Seconds a client has to send a whole request; a slower one is cut off. */
    REQUEST_TIMEOUT: z.coerce.number().int().min(1).default(15),
    /** How long a public catalogue answer may be served from memory; 0 turns the cache off. */
    CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /** How often buffered product views are written to the database. */
    VIEWS_FLUSH_SECONDS: z.coerce.number().min(0.05).max(600).default(2),
    /** Minutes an order waits for payment before the expiry job cancels it (and its stock returns). */
    ORDER_PAY_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
    /** Days after shipping when an order not yet confirmed is marked received. */
    ORDER_RECEIVE_DAYS: z.coerce.number().int().min(1).max(365).default(10),
    /** Days after receipt when an order is marked completed. */
    ORDER_COMPLETE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Seconds between runs of the order jobs (expiry, auto-receive, auto-complete). */
    ORDER_JOB_SECONDS: z.coerce.number().int().min(1).default(30),
    /** Checkouts (order submits) one shopper may make in 10 minutes. */
    ORDER_RATE: z.coerce.number().int().min(1).default(20),
    /**
     * Server processes `npm start` runs on one port (Node's cluster), each with its own connections
     * to PostgreSQL; more than 1 needs DATABASE_URL (the embedded database is one process's).
     */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * A worker's place among them (1…WORKERS), set by the primary; the first serves the operator
     * socket for all. Not for operators to set.
     */
    WORKER_INDEX: z.coerce.number().int().min(1).default(1),
  })
  .refine((c) => c.NODE_ENV === 'test' || c.PASSWORD_HASH_COST >= 14, {
    path: ['PASSWORD_HASH_COST'],
    message: 'must be 14 or more; lower costs are for the test suites only (NODE_ENV=test)',
  })
  .refine((c) => c.WORKERS === 1 || c.DATABASE_URL !== undefined, {
    path: ['WORKERS'],
    message:
      'more than 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process; one process serves it',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.WALLET_KEY !== undefined, {
    path: ['WALLET_KEY'],
    message:
      'required in production (card numbers are encrypted with it, payment passwords keyed): openssl rand -base64 32',
  })
  .transform(({ DEMO_DATA, ...rest }) => ({
    ...rest,
    DEMO_DATA: DEMO_DATA ?? rest.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A config for tests and tools: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...schema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    }),
    ...overrides,
  };
}

/** Fastify's trustProxy value from TRUST_PROXY. */
export function trustProxyOption(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
