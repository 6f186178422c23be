import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchKeywords } from '../../db/schema';

/** How many recent search texts a shopper keeps. */
export const KEEP_KEYWORDS = 10;

/** Records a search text (again: it moves to the top) and forgets all but the last 10. */
export async function rememberKeyword(db: DbOrTx, userId: number, keyword: string): Promise<void> {
  await db
    .insert(searchKeywords)
    .values({ userId, keyword, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [searchKeywords.userId, searchKeywords.keyword],
      set: { updatedAt: sql`clock_timestamp()` },
    });
  const keep = db
    .select({ id: searchKeywords.id })
    .from(searchKeywords)
    .where(eq(searchKeywords.userId, userId))
    .orderBy(desc(searchKeywords.updatedAt), desc(searchKeywords.id))
    .limit(KEEP_KEYWORDS);
  await db
    .delete(searchKeywords)
    .where(and(eq(searchKeywords.userId, userId), notInArray(searchKeywords.id, keep)));
}

/** The query of recentKeywords, built but not run. */
export const recentKeywordsQuery = (db: DbOrTx, userId: number) =>
  db
    .select({ keyword: searchKeywords.keyword })
    .from(searchKeywords)
    .where(eq(searchKeywords.userId, userId))
    .orderBy(desc(searchKeywords.updatedAt), desc(searchKeywords.id))
    .limit(KEEP_KEYWORDS);

/** The shopper's last search texts, newest first. */
export async function recentKeywords(db: DbOrTx, userId: number | undefined): Promise<string[]> {
  if (userId === undefined) return [];
  const rows = await recentKeywordsQuery(db, userId);
  return rows.map((r) => r.keyword);
}
