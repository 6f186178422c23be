import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { TooManyError } from './errors';
import { createSlots } from './slots';

/**
 * scrypt, memory-hard, at OWASP's cost by default: N=2^17, r=8, p=1 (128 MiB per hash). Stored as
 * scrypt$N$r$p$salt$hash, so a hash records its own cost and an older, cheaper one can be
 * recognised and upgraded at the next successful login.
 *
 * Each hash takes a lot of memory and CPU, so only a few run at once; the rest wait in a short
 * queue, and beyond it the request is refused (429) instead of piling up memory and time.
 */
const R = 8;
const P = 1;
const KEYLEN = 32;
/** The largest N a stored hash may ask for (a guard against a corrupt row, not a setting). */
const MAX_LOG2_N = 20;

export interface PasswordOptions {
  /** log2 of scrypt's N for new hashes. */
  costLog2: number;
  /** scrypt computations running at once (each on a libuv worker thread). */
  concurrency: number;
  /** Computations allowed to wait; one more is refused with 429. */
  queueLimit: number;
}

const settings: PasswordOptions = {
  costLog2: 17,
  concurrency: Math.max(1, Math.min(4, availableParallelism())),
  queueLimit: 16,
};

/** Called once at start (buildApp, main.ts) from the configuration; tests may narrow the queue. */
export function configurePasswords(options: Partial<PasswordOptions>): void {
  Object.assign(settings, options);
}

const slots = createSlots(
  () => settings,
  () => new TooManyError('auth.busy', {}),
);

/** The scrypt computations made since start and their summed work (N × r × p). */
const done = { hashes: 0, work: 0 };

/** What hashing has cost so far: login paths that must cost the same are compared by it. */
export function passwordWork(): { hashes: number; work: number } {
  return { ...done };
}

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  const maxmem = 2 * 128 * N * r * p;
  done.hashes += 1;
  done.work += N * r * p;
  return slots.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** A new hash at the configured cost, or at `costLog2` when given (tests of the upgrade). */
export async function hashPassword(password: string, costLog2 = settings.costLog2): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, costLog2, R, P);
  return ['scrypt', 2 ** costLog2, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Parsed {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  const log2N = Math.log2(Number(n));
  if (alg !== 'scrypt' || !salt || !hash || !Number.isInteger(log2N)) return undefined;
  if (log2N < 1 || log2N > MAX_LOG2_N || !(Number(r) >= 1 && Number(r) <= 32) || Number(p) !== 1)
    return undefined;
  return {
    log2N,
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

/** A hash of a random password at the configured cost, made once per cost. */
const dummies = new Map<number, Promise<string>>();
function dummyHash(): Promise<string> {
  let dummy = dummies.get(settings.costLog2);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'));
    dummies.set(settings.costLog2, dummy);
    dummy.catch(() => dummies.delete(settings.costLog2));
  }
  return dummy;
}

/**
 * Whether `password` matches `stored`. With no stored hash (unknown account, or one without a
 * password) the same work is done against a dummy hash, so the answer time does not tell which.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const real = stored === null ? undefined : parse(stored);
  const target = real ?? parse(await dummyHash());
  if (!target) return false;
  const key = await scrypt(password, target.salt, target.log2N, target.r, target.p);
  return real !== undefined && key.length === real.hash.length && timingSafeEqual(key, real.hash);
}

/** A stored hash made at a lower cost (or other parameters) than new hashes get. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.log2N < settings.costLog2 || parsed.r !== R || parsed.p !== P;
}
