import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addresses, users } from '../../server/db/schema';
import { configurePayPins, hashPayPin } from '../../server/lib/pay-pins';
import { createSession } from '../../server/modules/user/sessions';
import { moveMoney } from '../../server/modules/wallet/ledger';
// @ts-expect-error: a plain ES module script, without types
import { ensureServerBuilt } from '../build-server.mjs';

/**
 * Shoppers for the checkout bench and the crash check: accounts with a session, a payment password,
 * an address and a balance (credited through the ledger), made straight in the database before the
 * load starts, and a client that checks out and pays over HTTP like the Mini App does.
 */
export const PAY_PASSWORD = '246810';

/** A product's spec, as a buyer orders it. */
export interface Item {
  productId: number;
  specId: number;
}

export interface Buyer {
  userId: number;
  token: string;
  addressId: number;
}

export async function makeBuyers(db: Db, count: number, balanceCents: number, tag: string): Promise<Buyer[]> {
  // The payment password keyed as the server will key it: the server inherits this environment.
  configurePayPins(process.env.WALLET_KEY || undefined);
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await db
      .insert(users)
      .values({ account: `${tag}_${i}`, familyName: 'Bench', givenName: String(i) })
      .returning({ id: users.id });
    await db
      .update(users)
      .set({ payPasswordHash: hashPayPin(user.id, PAY_PASSWORD) })
      .where(eq(users.id, user.id));
    await db.transaction((tx) =>
      moveMoney(tx, {
        userId: user.id,
        type: 'adjustment',
        balance: balanceCents,
        ref: { type: 'operator', id: tag },
        uniqueKey: `${tag}:fund`,
        note: 'load test funds',
      }),
    );
    const [address] = await db
      .insert(addresses)
      .values({
        userId: user.id,
        addressee: `Bench ${i}`,
        mobile: '+49 30 1234567',
        country: 'DE',
        region: 'BE',
        detail: `Teststraße ${i + 1}`,
        tag: 'home',
        isDefault: true,
      })
      .returning({ id: addresses.id });
    const { token } = await createSession(db, user.id);
    buyers.push({ userId: user.id, token, addressId: address.id });
  }
  return buyers;
}

/** Something to buy: products on sale with plenty of stock, with their first spec (or none). */
export async function stockedItems(db: Db, count: number): Promise<Item[]> {
  // Written out: drizzle leaves a single-table select's columns unqualified, which a correlated
  // subquery would read as its own.
  const found = (await db.execute(sql`
    select p.id as product_id,
      coalesce((select s.id from product_specs s where s.product_id = p.id order by s.stock desc, s.id limit 1), 0) as spec_id
    from products p where p.stock > 0 and p.on_sale order by p.stock desc, p.id limit ${count}`)) as unknown as
    { rows: { product_id: number; spec_id: number }[] } | { product_id: number; spec_id: number }[];
  const list = Array.isArray(found) ? found : found.rows;
  return list.map((r) => ({ productId: Number(r.product_id), specId: Number(r.spec_id) }));
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  error?: string;
}

/**
 * The shoppers' connections: kept open between requests, as a browser keeps its own. Node's http
 * client, not fetch: the load runs on the machine it measures, and fetch spent about 2 ms of CPU
 * per paid order (twice what the database did on PostgreSQL), time taken from the server.
 */
const agent = new http.Agent({ keepAlive: true });

/** Sends one request on a kept connection and answers its status and body. */
function send(
  url: string,
  options: http.RequestOptions,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { ...options, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** POST as the Mini App does: token and language headers, an Idempotency-Key where given. */
export async function post(
  base: string,
  path: string,
  body: unknown,
  token: string,
  key?: string,
): Promise<{ status: number; envelope: Envelope }> {
  const payload = JSON.stringify(body);
  const { status, text } = await send(
    `${base}${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        token,
        lang: 'en-US',
        ...(key ? { 'idempotency-key': key } : {}),
      },
    },
    payload,
  );
  return { status, envelope: JSON.parse(text) as Envelope };
}

export const newKey = () => randomBytes(12).toString('hex');

/**
 * Opens `count` keep-alive connections to the server (a light request each, all at once), as
 * shoppers who reach the checkout have long had theirs: a run then measures checkout and payment,
 * not a crowd of connections accepted by a server already busy (on PGlite every query runs on the
 * server's one thread, and the last of fifty new connections waited seconds for its first answer).
 */
export async function openConnections(base: string, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => send(`${base}/healthz`, { method: 'GET' })));
}

export type Outcome = 'paid' | 'refused' | 'busy' | 'lost';

/** Checks out one unit of `item` to the buyer's address, under Idempotency-Key `key`. */
export const submitOne = (base: string, buyer: Buyer, item: Item, key = newKey()) =>
  post(
    base,
    '/api/order/merSubmit',
    { product_id: item.productId, spec_id: item.specId, number: 1, address_id: buyer.addressId },
    buyer.token,
    key,
  );

/**
 * Pays checkout `outTradeNo` with the buyer's payment password under one Idempotency-Key, sending
 * the same request again while the server answers 429 (busy), as the app does, until `until`
 * (a Date.now() time) has passed.
 */
export async function payOne(base: string, buyer: Buyer, outTradeNo: string, until: number) {
  const key = newKey();
  const send = () =>
    post(
      base,
      '/api/order/merPay',
      { out_trade_no: outTradeNo, password_pay: PAY_PASSWORD },
      buyer.token,
      key,
    );
  let answer = await send();
  while (answer.status === 429 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    answer = await send();
  }
  return answer;
}

/**
 * One shopper buys one unit of `item` now and pays for it. A 429 (the password hashing queue is
 * full) or a dropped connection is retried with the same Idempotency-Key, as the app does; a
 * business refusal (sold out, balance short) ends the attempt. Answers what the server acknowledged.
 */
export async function buyAndPay(
  base: string,
  buyer: Buyer,
  item: Item,
): Promise<{ outcome: Outcome; outTradeNo?: string }> {
  const submitKey = newKey();
  const submitted = await retrying(() => submitOne(base, buyer, item, submitKey));
  if (!submitted) return { outcome: 'lost' };
  if (submitted.envelope.code !== 1) return { outcome: submitted.status === 429 ? 'busy' : 'refused' };
  const { outTradeNo } = submitted.envelope.data as { outTradeNo: string };
  const payKey = newKey();
  const paid = await retrying(() =>
    post(
      base,
      '/api/order/merPay',
      { out_trade_no: outTradeNo, password_pay: PAY_PASSWORD },
      buyer.token,
      payKey,
    ),
  );
  if (!paid) return { outcome: 'lost', outTradeNo };
  if (paid.envelope.code !== 1) return { outcome: paid.status === 429 ? 'busy' : 'refused', outTradeNo };
  return { outcome: 'paid', outTradeNo };
}

async function retrying<T extends { status: number }>(
  send: () => Promise<T>,
  tries = 20,
): Promise<T | undefined> {
  for (let i = 0; i < tries; i++) {
    try {
      const answer = await send();
      if (answer.status !== 429) return answer;
    } catch {
      // The server went away (the crash check kills it): the caller counts the request as lost.
      return undefined;
    }
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100 * (i + 1)));
  }
  return undefined;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server in a child process: the bundle `npm start` runs (scripts/build-server.mjs, made
 * first when the sources changed), run by node itself so that a SIGKILL reaches the server.
 */
export async function startServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // Only what is given: a DATABASE_URL inherited from the caller would point the server elsewhere.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.NODE_ENV;
  const main = await (ensureServerBuilt as (entry: string) => Promise<string>)('main');
  const child = spawn(process.execPath, [...nodeFlags, main], {
    env: {
      ...inherited,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start in 120 s');
}

export function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}
