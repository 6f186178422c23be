import { bigint, bigserial, boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ExtraConfigColumn, UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * The column kinds the tables share, written once. Each is exactly the column it stands for, so the
 * generated SQL (and the migrations) do not change; the column's name is still given in full.
 */

/** A table's own id: a 64-bit serial, read as a JavaScript number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A 64-bit integer read as a JavaScript number (ids, cents, Telegram ids). */
export const int64 = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/** A moment, with its time zone. */
export const moment = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written: now, unless the insert says otherwise. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row was written and last changed (both now on insert; the code sets `updated_at`). */
export const stamps = () => ({
  createdAt: createdAt(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** A required reference to another table's row; `onDelete` says what deleting that row does. */
export const link = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  int64(name).notNull().references(target, { onDelete });

/** A row's key that is another table's row (one row per that row), deleted with it. */
export const ownKey = <N extends string>(name: N, target: () => AnyPgColumn) =>
  int64(name).primaryKey().references(target, { onDelete: 'cascade' });

/** A whole number that starts at zero (a counter, a sort key, an amount that may be none). */
export const zero = <N extends string>(name: N) => integer(name).notNull().default(0);

/** A yes or no that is never null, with the value a new row starts with. */
export const flag = <N extends string>(name: N, start: boolean) => boolean(name).notNull().default(start);

/** A text that is never null and starts empty. */
export const blank = <N extends string>(name: N) => text(name).notNull().default('');

/** Who audited the row (an operator's pass or refusal) and when, then the row's stamps. */
export const auditStamps = () => ({
  auditedBy: text('audited_by'),
  auditedAt: moment('audited_at'),
  ...stamps(),
});

/**
 * The indexes of rows a shopper lists all or by status and an operator lists by status, newest
 * first: `<table>_user_idx`, `<table>_user_status_idx` and `<table>_status_idx`.
 */
export const statusListIndexes = (
  table: string,
  t: { userId: ExtraConfigColumn; status: ExtraConfigColumn; id: ExtraConfigColumn },
) => [
  index(`${table}_user_idx`).on(t.userId, t.id.desc().nullsFirst()),
  index(`${table}_user_status_idx`).on(t.userId, t.status, t.id.desc().nullsFirst()),
  index(`${table}_status_idx`).on(t.status, t.id.desc().nullsFirst()),
];
