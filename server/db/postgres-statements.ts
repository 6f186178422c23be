import type postgres from 'postgres';

/**
 * A postgres-js client tuned for short transactions sent over a socket, where each write costs the
 * server about a tenth of a millisecond of CPU (most of a request's cost):
 *
 * - Every query with parameters is a named prepared statement. postgres-js sends one that is not
 *   in two round trips (it asks PostgreSQL for the parameters' types first, and nothing else goes
 *   out on the connection meanwhile), and drizzle names only the queries built with .prepare(): a
 *   checkout's reads sent at once went out one by one, two round trips each, parsed and planned
 *   every time. Prepared, a query is parsed once per connection, then one round trip, pipelined
 *   with the others. A connection keeps one per SQL text (the code's texts, with parameters: a
 *   bounded set) until postgres-js replaces the connection (max_lifetime).
 * - A transaction's BEGIN goes out with its first statements, in one write, where postgres-js
 *   waits for BEGIN's answer first. Its COMMIT is checked: PostgreSQL answers ROLLBACK, not an
 *   error, to a transaction one of whose statements failed.
 */
type Sql = postgres.Sql;
type Reserved = postgres.ReservedSql;
type Scope = (client: Sql) => unknown;

/** A transaction that PostgreSQL rolled back at its COMMIT, since one of its statements failed. */
export class RolledBackError extends Error {
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

/** `client` whose queries are prepared statements and whose transactions start in one write. */
export function pipelined(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') return preparedUnsafe(target);
      if (key === 'begin')
        return (...args: unknown[]) =>
          begin(target, args.at(-1) as Scope, args.length > 1 ? String(args[0]) : '');
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

const preparedUnsafe =
  (target: Sql | Reserved) =>
  (query: string, args: postgres.ParameterOrJSON<never>[] = [], options: postgres.UnsafeQueryOptions = {}) =>
    target.unsafe(query, args, { ...options, prepare: true });

/** A transaction on a connection of its own, savepoints included (drizzle's nested transactions). */
function inTransaction(connection: Reserved): Sql {
  let savepoints = 0;
  const scoped: Sql = new Proxy(connection, {
    get(target, key, receiver) {
      if (key === 'unsafe') return preparedUnsafe(target);
      if (key === 'savepoint')
        return async (fn: Scope) => {
          const name = `s${savepoints++}`;
          await target.unsafe(`savepoint ${name}`);
          try {
            const result = await fn(scoped);
            await target.unsafe(`release savepoint ${name}`);
            return result;
          } catch (error) {
            await target.unsafe(`rollback to savepoint ${name}`);
            throw error;
          }
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as unknown as Sql;
  return scoped;
}

async function begin(pool: Sql, fn: Scope, mode: string): Promise<unknown> {
  const connection = await pool.reserve();
  try {
    // Not awaited: it leaves in the write that carries the transaction's first statements.
    const began = connection.unsafe(`begin ${mode.replace(/[^a-z ]/gi, '')}`).execute();
    began.catch(() => {});
    try {
      const result = await fn(inTransaction(connection));
      await began;
      const committed = await connection.unsafe('commit');
      if (committed.command === 'ROLLBACK') throw new RolledBackError();
      return result;
    } catch (error) {
      await connection.unsafe('rollback').catch(() => {});
      throw error;
    }
  } finally {
    connection.release();
  }
}
