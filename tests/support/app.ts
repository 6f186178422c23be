import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, type EndpointName } from '@common/api/routes';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { freshDatabase } from './db';

export const TEST_BOT_TOKEN = '123456789:TEST-bot-token-for-signing-init-data';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** POST/GET through inject; answers the parsed envelope and the HTTP status. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts?: { body?: unknown; query?: Record<string, string>; token?: string; lang?: string; ip?: string },
  ): Promise<{ status: number; code: number; msg: string; data: T; error?: string }>;
  /** Calls endpoint `name` of the contract (common/api/routes.ts) at its method and path, as `call` does. */
  endpoint<T = unknown>(
    name: EndpointName,
    opts?: { body?: unknown; query?: Record<string, string>; token?: string; lang?: string; ip?: string },
  ): Promise<{ status: number; code: number; msg: string; data: T; error?: string }>;
  /** Registers an account (each from an address of its own) and answers its token and user id. */
  register(account: string, password?: string): Promise<{ token: string; id: number }>;
}

/** Registrations are limited per address: each helper registration comes from a new one. */
let registrations = 0;
const registerAddress = () => `2001:db8:5::${(++registrations).toString(16)}`;

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig({
    BOT_TOKEN: TEST_BOT_TOKEN,
    DATA_DIR: path.join(os.tmpdir(), `shop-test-${process.pid}`),
    ...overrides,
  });
  const app = await buildApp({ config, database });
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.token = opts.token;
    if (opts.lang) headers.lang = opts.lang;
    const res = await app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body as object | undefined,
      headers,
      remoteAddress: opts.ip,
    });
    const body = res.json() as { code: number; msg: string; data: never; error?: string };
    return { status: res.statusCode, ...body };
  };
  return {
    app,
    database,
    call,
    endpoint: (name, opts) => call(apiRoutes[name].method, apiRoutes[name].path, opts),
    async register(account, password = 'secret123') {
      const res = await call<{ userinfo: { token: string; id: number } }>('POST', '/api/user/register', {
        body: { account, password },
        ip: registerAddress(),
      });
      if (res.code !== 1) throw new Error(`register failed: ${res.msg}`);
      return { token: res.data.userinfo.token, id: res.data.userinfo.id };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
