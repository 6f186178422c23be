import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TEST_PASSWORD_HASH_COST, testConfig } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A wallet key as production needs one (32 bytes), in both accepted spellings. */
const KEY_HEX = 'a1'.repeat(32);
const KEY_BASE64 = Buffer.alloc(32, 7).toString('base64');

/** KEY=value lines of .env.example that carry a value (the documented defaults). */
function documentedDefaults(): [string, string][] {
  return readFileSync(path.join(ROOT, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z_]+)=(.+)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2]]);
}

describe('config: defaults when the environment says nothing', () => {
  it('runs the shop on a laptop: port 3000, embedded database, no bot', () => {
    const config = loadConfig({});
    expect([config.DATABASE_URL, config.BOT_TOKEN, config.PUBLIC_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      TELEGRAM_TEST_ENV: false,
      INIT_DATA_MAX_AGE: 86400,
      LOG_LEVEL: 'info',
      DEMO_DATA: true,
      PASSWORD_HASH_COST: 17,
    });
    // Home-screen links are not configured: the app hides their entries.
    expect([config.SERVICE_URL, config.MERCHANT_URL, config.SELLER_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('demo data is on by default outside production only; production loads it only when DEMO_DATA=true', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', WALLET_KEY: KEY_HEX }).DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', WALLET_KEY: KEY_HEX, DEMO_DATA: 'true' }).DEMO_DATA).toBe(
      true,
    );
    expect(loadConfig({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
  });

  it('password hashes cost 2^17 (OWASP) unless lowered, never below 2^14 outside the test suites', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '15' }).PASSWORD_HASH_COST).toBe(15);
    for (const NODE_ENV of ['development', 'production'])
      expect(() => loadConfig({ NODE_ENV, WALLET_KEY: KEY_HEX, PASSWORD_HASH_COST: '13' })).toThrow(
        /PASSWORD_HASH_COST: must be 14 or more/,
      );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '13' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    expect(testConfig().PASSWORD_HASH_COST).toBe(TEST_PASSWORD_HASH_COST);
  });

  it('every default written in .env.example is the one the server uses', () => {
    const documented = documentedDefaults();
    expect(documented.length).toBeGreaterThan(5);
    const config = loadConfig({}) as Record<string, unknown>;
    for (const [key, value] of documented)
      expect({ key, value: String(config[key]) }).toEqual({ key, value });
  });

  it('an empty variable counts as not set', () => {
    const config = loadConfig({ PORT: '', BOT_TOKEN: '', DATABASE_URL: '' });
    expect([config.PORT, config.BOT_TOKEN, config.DATABASE_URL]).toEqual([3000, undefined, undefined]);
  });
});

describe('config: values given are parsed into their types', () => {
  it('numbers, booleans, URLs and tokens', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://shop:pw@db:5432/shop',
      BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwx-yz_0123',
      TELEGRAM_TEST_ENV: 'true',
      DEMO_DATA: 'false',
      INIT_DATA_MAX_AGE: '3600',
      PUBLIC_URL: 'https://shop.example.com',
      DATABASE_POOL: '12',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_POOL: 12,
      TELEGRAM_TEST_ENV: true,
      DEMO_DATA: false,
      INIT_DATA_MAX_AGE: 3600,
      DATABASE_URL: 'postgresql://shop:pw@db:5432/shop',
    });
  });

  it('testConfig needs no environment: test mode, silent, no demo data, overrides win', () => {
    expect(testConfig()).toMatchObject({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: false });
    expect(testConfig({ PORT: 1234 }).PORT).toBe(1234);
  });
});

describe('config: several server processes', () => {
  it('one by default; more only on PostgreSQL, refused on the embedded database with why', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /WORKERS: more than 1 needs PostgreSQL \(DATABASE_URL\): the embedded database belongs to one process/,
    );
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://shop@db/shop' }).WORKERS).toBe(3);
    for (const bad of ['0', '-1', '1.5', '65', 'two'])
      expect(() => loadConfig({ WORKERS: bad, DATABASE_URL: 'postgres://shop@db/shop' })).toThrow(/WORKERS/);
  });
});

describe('config: the wallet key and the payment provider', () => {
  it('production refuses to start without WALLET_KEY, and says how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /WALLET_KEY: required in production.*openssl rand/,
    );
    expect(loadConfig({ NODE_ENV: 'production', WALLET_KEY: KEY_HEX }).WALLET_KEY).toBe(KEY_HEX);
    expect(loadConfig({ NODE_ENV: 'production', WALLET_KEY: KEY_BASE64 }).WALLET_KEY).toBe(KEY_BASE64);
  });

  it('elsewhere it may be left out (the insecure development key stands in)', () => {
    expect(loadConfig({}).WALLET_KEY).toBeUndefined();
    expect(testConfig().WALLET_KEY).toBeUndefined();
  });

  it('a key that is not 32 bytes is refused without echoing it', () => {
    for (const bad of ['a1'.repeat(31), 'short-secret-value', Buffer.alloc(16).toString('base64')]) {
      let message = '';
      try {
        loadConfig({ WALLET_KEY: bad });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/WALLET_KEY: must be 32 bytes/);
      expect(message).not.toContain(bad);
    }
  });

  it('the payment provider token looks like @BotFather gives it; unset, the card way is off', () => {
    expect(loadConfig({ PAYMENT_PROVIDER_TOKEN: '284685063:TEST:NjA1ZTQ5' }).PAYMENT_PROVIDER_TOKEN).toBe(
      '284685063:TEST:NjA1ZTQ5',
    );
    expect(loadConfig({}).PAYMENT_PROVIDER_TOKEN).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_PROVIDER_TOKEN: 'sk_live_oops' })).toThrow(/PAYMENT_PROVIDER_TOKEN/);
  });
});

describe('config: the operator desk', () => {
  it('OPERATOR_CHAT_ID is a (negative) chat id and OPERATOR_IDS a list of user ids; unset: no desk', () => {
    const none = loadConfig({});
    expect(none.OPERATOR_CHAT_ID).toBeUndefined();
    expect(none.OPERATOR_IDS).toEqual([]);
    const set = loadConfig({ OPERATOR_CHAT_ID: '-1001234567890', OPERATOR_IDS: '111, 222,333' });
    expect(set.OPERATOR_CHAT_ID).toBe(-1001234567890);
    expect(set.OPERATOR_IDS).toEqual([111, 222, 333]);
  });

  it.each([
    ['OPERATOR_CHAT_ID', 'the-group'],
    ['OPERATOR_IDS', '111;222'],
    ['OPERATOR_IDS', 'alice'],
  ])('%s=%s is refused', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(`${key}: `));
  });
});

describe('config: bad values stop the start with every bad variable listed at once', () => {
  const BAD = {
    PORT: 'eighty',
    DATABASE_URL: 'mysql://root@localhost/shop',
    BOT_TOKEN: 'not-a-token',
    LOG_LEVEL: 'loud',
    PUBLIC_URL: 'shop dot com',
    INIT_DATA_MAX_AGE: '5',
    TELEGRAM_TEST_ENV: 'maybe',
    NODE_ENV: 'staging',
    DATABASE_POOL: '0',
  };

  it('one ConfigError naming each of them on its own line', () => {
    let error: unknown;
    try {
      loadConfig(BAD);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of Object.keys(BAD)) expect(message).toMatch(new RegExp(`^\\s+${key}: .+$`, 'm'));
    expect(message.split('\n').filter((l) => /^\s+\w+:/.test(l))).toHaveLength(Object.keys(BAD).length);
  });

  it('the message explains the expected form and never echoes a secret value', () => {
    const message = (() => {
      try {
        loadConfig({ BOT_TOKEN: 'oops-secret-value', PORT: '70000' });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message).toContain('@BotFather');
    expect(message).toContain('PORT');
    expect(message).not.toContain('oops-secret-value');
  });
});
