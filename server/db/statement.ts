import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from './client';

/**
 * Statements whose SQL text is built once. drizzle builds a query's text anew every time it runs
 * (100-250 µs of CPU for a statement of a checkout's size, about a fifth of a paid order's server
 * time); a statement made here is built on its first run, with `sql.placeholder(name)` where each
 * value goes, and every later run only fills in its values. It runs on the database or on a
 * transaction, on either driver, and answers what the query builder would (its rows mapped).
 *
 * Only a statement whose text is the same on every run can be one: a list of values goes in as
 * one array or jsonb value (`= any(…)`, `jsonb_to_recordset(…)`), never as a list of parameters.
 */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** What drizzle's sessions hold that a statement needs (not in its public types). */
interface Session {
  client: unknown;
  dialect: PgDialect;
  prepareQuery(
    query: ReturnType<PgDialect['sqlToQuery']>,
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): Runnable<unknown>;
}

const sessionOf = (db: DbOrTx) => db._.session as unknown as Session;

/**
 * Runs `prepared` on `db`'s connection. A prepared query keeps the client of the session that
 * prepared it; a copy with this session's client runs the same text, in this transaction.
 */
function runOn<R>(db: DbOrTx, prepared: Runnable<R>, values: object): Promise<R> {
  const bound = Object.create(prepared) as Runnable<R> & { client: unknown };
  bound.client = sessionOf(db).client;
  return bound.execute(values as Record<string, unknown>);
}

/**
 * One prepared query per driver: each driver's prepared query runs its own way (PGlite's or
 * postgres-js's), so the first run on each builds it there.
 */
function perDriver<R>(make: (db: DbOrTx) => Runnable<R>) {
  const made = new Map<unknown, Runnable<R>>();
  return (db: DbOrTx): Runnable<R> => {
    const driver = sessionOf(db).constructor;
    let prepared = made.get(driver);
    if (!prepared) made.set(driver, (prepared = make(db)));
    return prepared;
  };
}

/** A query builder's statement (select, insert, update, delete), answering what it answers. */
export function statement<V extends object, R>(
  build: (db: DbOrTx) => { prepare(name: string): Runnable<R> },
): (db: DbOrTx, values: V) => Promise<R> {
  const prepared = perDriver((db) => build(db).prepare('statement'));
  return (db, values) => runOn(db, prepared(db), values);
}

/** A statement written in SQL (`build` may use `db`'s query builders for parts of it), answering its rows. */
export function sqlStatement<V extends object, Row>(
  build: (db: DbOrTx) => SQL,
): (db: DbOrTx, values: V) => Promise<Row[]> {
  const prepared = perDriver((db) => {
    const session = sessionOf(db);
    return session.prepareQuery(session.dialect.sqlToQuery(build(db)), undefined, 'statement', false);
  });
  return async (db, values) => rowsOf<Row>(await runOn(db, prepared(db), values));
}

/**
 * A list as one array value (PostgreSQL's text form, cast in the statement: `= any($1::bigint[])`),
 * so a statement's text does not change with the list's length. For ids and plain words only: it
 * quotes nothing.
 */
export const arrayParam = (values: readonly (number | string)[]): string => `{${values.join(',')}}`;
