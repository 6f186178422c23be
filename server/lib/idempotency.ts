import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER } from '../../common/schemas/order';
import type { Db, Tx } from '../db/client';
import { statement } from '../db/statement';
import { idempotencyKeys } from '../db/schema';
import { AppError, KeyReusedError } from './errors';

const KEY_RE = /^[\w.:-]{8,100}$/;

/** The request's `Idempotency-Key` header; a call that moves money or makes orders must send one. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !KEY_RE.test(value)) throw new AppError('errors.idempotencyKey');
  return value;
}

/**
 * Work that must commit what it did so far and still fail: a wrong payment password counts its try
 * (and the lock it may set) but pays nothing. The key is released, so the shopper may try again.
 */
export class CommitThenFail {
  constructor(readonly error: Error) {}
}

export interface IdempotencyScope {
  userId: number;
  /** The endpoint's name. */
  scope: string;
  key: string;
  /**
   * What the request asks, without its secrets (passwords; a card number by its last digits): the
   * same key sent again with another request is refused instead of answered with the first result.
   */
  request: unknown;
}

/** JSON with every object's keys in order, so equal requests read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (request: unknown): string =>
  createHash('sha256').update(canonical(request)).digest('hex');

/** A replay's transaction ends by this, rolled back, with the first request's answer. */
class Replayed {
  constructor(readonly answer: unknown) {}
}

/**
 * The key's row while its work runs (see once). A work may store its answer in its last statement,
 * a statement built once (server/db/statement.ts) holding STORE_ANSWER or storeAnswerOnce, instead
 * of the statement that would store it after.
 */
export interface Claim {
  /** The values of STORE_ANSWER's placeholders, storing `answer`; the work must answer exactly that. */
  storing(answer: unknown): StoreAnswerValues;
  /**
   * The values of storeAnswerOnce's placeholder, for an answer the statement itself makes (a jsonb
   * expression over its other CTEs), read back as `idempotency_answered.answer`; the work answers
   * what it reads there.
   */
  storingSql(): StoreAnswerSqlValues;
}

/** The placeholder of storeAnswerOnce. */
export interface StoreAnswerSqlValues {
  claimId: number;
}

/** The placeholders of STORE_ANSWER. */
export interface StoreAnswerValues extends StoreAnswerSqlValues {
  answer: string;
}

/**
 * A CTE (`idempotency_answered`) that stores `answer` (a jsonb expression over the statement's other
 * CTEs) as the answer of the key row whose id is the placeholder claimId.
 */
export const storeAnswerOnce = (answer: SQL): SQL => sql`idempotency_answered as (
      update ${idempotencyKeys} set answer = ${answer}
      where ${idempotencyKeys.id} = ${sql.placeholder('claimId')} returning answer)`;

/** storeAnswerOnce of the answer given as the placeholder `answer` (JSON text). */
export const STORE_ANSWER: SQL = storeAnswerOnce(sql`${sql.placeholder('answer')}::jsonb`);

/** The key's row, made unless it exists: answers its id when made. */
const claimKey = statement<{ userId: number; scope: string; key: string; hash: string }, { id: number }[]>(
  (db) =>
    db
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder('userId'),
        scope: sql.placeholder('scope'),
        key: sql.placeholder('key'),
        requestHash: sql.placeholder('hash'),
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id }),
);

/**
 * Runs `work` once per (user, scope, key), in one transaction with the key's row. The row is inserted
 * first: a concurrent request with the same key waits on the unique index until the first commits,
 * then finds the stored answer and returns it (a replay changes nothing). If the first rolled back,
 * the next one does the work itself. The answer must be JSON (an endpoint's answer data). A key
 * already used for another request (another order paid with the same key, say) is refused with
 * KeyReusedError (HTTP 422) and changes nothing.
 *
 * `first`, when given, is the work's first read (or lock), sent together with the key's row in one
 * round trip; its result (or its error) counts only once the key is this request's, and `work`
 * gets it. A replay rolls its transaction back, so what `first` wrote is undone.
 * The work may store its answer in its last statement (`claim.storing`, saving the statement that
 * would store it after); it must then answer exactly that.
 */
export async function once<T, F = undefined>(
  db: Db,
  scope: IdempotencyScope,
  work: (tx: Tx, first: F, claim: Claim) => Promise<T | CommitThenFail>,
  first?: (tx: Tx) => Promise<F>,
): Promise<T> {
  const hash = requestHash(scope.request);
  const outcome = await db
    .transaction(async (tx) => {
      const claiming = claimKey(tx, { userId: scope.userId, scope: scope.scope, key: scope.key, hash });
      // Sent right behind the claim, so both go out in one write; read only after the claim.
      const early = first?.(tx).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const [claimed] = await claiming;
      const read = await early;
      if (!claimed) {
        const [previous] = await tx
          .select({ answer: idempotencyKeys.answer, requestHash: idempotencyKeys.requestHash })
          .from(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, scope.userId),
              eq(idempotencyKeys.scope, scope.scope),
              eq(idempotencyKeys.key, scope.key),
            ),
          );
        if (previous.requestHash !== null && previous.requestHash !== hash) throw new KeyReusedError();
        // Rolled back: what `first` wrote (a payment's password try) was not this request's to keep.
        throw new Replayed(previous.answer);
      }
      if (read && 'error' in read) throw read.error;
      let stored: { answer: unknown } | 'sql' | undefined;
      const claim: Claim = {
        storing(answer) {
          stored = { answer };
          return { claimId: claimed.id, answer: JSON.stringify(answer) };
        },
        storingSql() {
          stored = 'sql';
          return { claimId: claimed.id };
        },
      };
      const result = await work(tx, read?.value as F, claim);
      if (result instanceof CommitThenFail) {
        await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
        return { fail: result.error };
      }
      if (typeof stored === 'object' && stored.answer !== result)
        throw new Error('the work answered another answer than it stored');
      if (stored === undefined)
        await tx
          .update(idempotencyKeys)
          .set({ answer: result as unknown })
          .where(eq(idempotencyKeys.id, claimed.id));
      return { answer: result };
    })
    .catch((error: unknown) => {
      if (error instanceof Replayed) return { answer: error.answer as T };
      throw error;
    });
  if ('fail' in outcome) throw outcome.fail;
  return outcome.answer;
}
