import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, type EndpointName } from '@common/api/routes';
import { headersOf, routeOf, type CallOptions, type Reply } from './endpoint';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { freshDatabase } from './db';

export const TEST_BOT_TOKEN = '123456789:TEST-bot-token-for-signing-init-data';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Closes the app, the database and the app's data folder (whatever of them is still open). */
  close(): Promise<void>;
  /** Closes the app alone, for a test that reads the database after it (`close` still ends). */
  closeApp(): Promise<void>;
  /** Closes the database alone, for a test of the app without it (`close` still ends). */
  closeDatabase(): Promise<void>;
  /**
   * POST/GET at a literal path through inject, for a test of the address itself; any other call
   * goes through `endpoint`.
   */
  call<T = unknown>(method: 'GET' | 'POST', url: string, opts?: CallOptions): Promise<Reply<T>>;
  /** Calls endpoint `name` of the contract (common/api/routes.ts) at its method and path, as `call` does. */
  endpoint<T = unknown>(name: EndpointName, opts?: CallOptions): Promise<Reply<T>>;
  /** Registers an account (each from an address of its own) and answers its token and user id. */
  register(account: string, password?: string): Promise<{ token: string; id: number }>;
}

/** Registrations are limited per address: each helper registration comes from a new one. */
let registrations = 0;
const registerAddress = () => `2001:db8:5::${(++registrations).toString(16)}`;

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // A data folder of its own unless the test gives one.
  if (overrides.DATA_DIR === undefined) return createTestAppWithDataDir('test', overrides);
  return appAt(overrides);
}

async function appAt(overrides: Partial<Config>): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig({ BOT_TOKEN: TEST_BOT_TOKEN, ...overrides });
  return testAppOf(await buildApp({ config, database }), database);
}

/**
 * A test app with a data folder of its own (`dataDir`, named after `name`: uploaded pictures,
 * caches), removed when the app closes.
 */
export async function createTestAppWithDataDir(
  name: string,
  overrides: Partial<Config> = {},
): Promise<TestApp & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  const t = await appAt({ ...overrides, DATA_DIR: dataDir });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test app's calls made on `app` (built with `database`), which `close` closes with it. */
export function testAppOf(app: FastifyInstance, database: Database): TestApp {
  let appClosed: Promise<void> | undefined;
  let databaseClosed: Promise<void> | undefined;
  const closeApp = () => (appClosed ??= app.close());
  const closeDatabase = () => (databaseClosed ??= database.close());
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body as object | undefined,
      headers: headersOf(opts),
      remoteAddress: opts.ip,
    });
    const body = res.json() as Omit<Reply<never>, 'status'>;
    return { status: res.statusCode, ...body };
  };
  return {
    app,
    database,
    call,
    endpoint(name, options) {
      const { method, path, opts } = routeOf(name, options);
      return call(method, path, opts);
    },
    async register(account, password = 'secret123') {
      const res = await call<{ userinfo: { token: string; id: number } }>(
        'POST',
        apiRoutes['user.register'].path,
        {
          body: { account, password },
          ip: registerAddress(),
        },
      );
      if (res.code !== 1) throw new Error(`register failed: ${res.msg}`);
      return { token: res.data.userinfo.token, id: res.data.userinfo.id };
    },
    closeApp,
    closeDatabase,
    async close() {
      await closeApp();
      await closeDatabase();
    },
  };
}
