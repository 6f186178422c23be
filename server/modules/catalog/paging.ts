import type { Paged } from '../../../common/schemas/catalog';

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

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    const t = Number.isSafeInteger(value.t) && (value.t as number) >= 0 ? { t: value.t as number } : {};
    if (value.k === 'o') {
      return Number.isSafeInteger(value.o) && (value.o as number) >= 0
        ? { k: 'o', o: value.o as number, ...t }
        : undefined;
    }
    const okValue =
      (typeof value.v === 'number' && Number.isSafeInteger(value.v)) ||
      (typeof value.v === 'string' && value.v.length <= 40);
    if (typeof value.k === 'string' && okValue && Number.isSafeInteger(value.id)) {
      return { k: value.k, v: value.v as number | string, id: value.id as number, ...t };
    }
  } catch {
    // not ours: ignored
  }
  return undefined;
}

export interface PageRequest {
  page: number;
  limit: number;
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
