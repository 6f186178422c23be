import type { Paged } from '@common/schemas/catalog-answers';
import type { PageAsk } from '../../lib/paging';

/**
 * Opaque list cursors. A keyset cursor holds the last row's sort value and id, so the next page is
 * an index range scan however deep it is; orderings without a usable key (relevance, short lists)
 * carry the next offset instead. A cursor that cannot be read is ignored (the page number counts).
 * A cursor also carries the first page's `total` (t), so following pages repeat it rather than count
 * every match again.
 */
export type KeyCursor = { k: string; v: number | string; id: number; t?: number };
export type OffsetCursor = { k: 'o'; o: number; t?: number };
export type Cursor = KeyCursor | OffsetCursor;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Every numeric sort key (price, sales) is a 32-bit column: a larger value would fail the query. */
const isInt32 = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) >= -2_147_483_648 && (v as number) <= 2_147_483_647;

/** PostgreSQL's text form of a timestamptz ("2026-11-23 04:08:40.123456+00"), of a day that exists. */
const TIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
export function isTimeKey(v: unknown): v is string {
  const m = typeof v === 'string' ? TIME_RE.exec(v) : null;
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    const t = Number.isSafeInteger(value.t) && (value.t as number) >= 0 ? { t: value.t as number } : {};
    if (value.k === 'o') {
      return isInt32(value.o) && value.o >= 0 ? { k: 'o', o: value.o as number, ...t } : undefined;
    }
    // A cursor is the client's to forge: every value must be one the sort key's column can hold.
    const okValue = isInt32(value.v) || isTimeKey(value.v);
    if (typeof value.k === 'string' && okValue && Number.isSafeInteger(value.id)) {
      return { k: value.k, v: value.v as number | string, id: value.id as number, ...t };
    }
  } catch {
    // not ours: ignored
  }
  return undefined;
}

/** A catalogue list's page: by number, or by the cursor the page before it answered. */
export interface PageRequest extends PageAsk {
  cursor?: string;
}

/** The total a cursor carries from the first page, when it carries one. */
export const cursorTotal = (req: PageRequest): number | undefined => decodeCursor(req.cursor)?.t;

/** Where a page starts: a cursor's offset, else (page - 1) * limit. */
export function startOffset(req: PageRequest): number {
  const cursor = decodeCursor(req.cursor);
  return cursor && 'o' in cursor ? cursor.o : (req.page - 1) * req.limit;
}

export function paged<T>(list: T[], total: number, req: PageRequest, next: Cursor | null): Paged<T> {
  return {
    list,
    total,
    page: req.page,
    limit: req.limit,
    next: next && list.length === req.limit ? encodeCursor({ ...next, t: total }) : null,
  };
}

/** An offset-paged list (short lists: shops, favourites, follows). */
export function offsetPaged<T>(list: T[], total: number, req: PageRequest): Paged<T> {
  const offset = startOffset(req);
  return paged(list, total, req, offset + list.length < total ? { k: 'o', o: offset + list.length } : null);
}
