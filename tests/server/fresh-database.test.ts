import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { freshDatabase } from '../support/db';

/**
 * The test files' databases (tests/support/db.ts): whether a file gets a copy of the template or,
 * on PGlite, the worker's database emptied after another file, it starts as the template does, and
 * the other file's handle no longer reaches it.
 */
it('gives a file no rows of an earlier file, identities from 1, and the earlier handle stops working', async () => {
  const earlier = await freshDatabase();
  await earlier.db.insert(users).values([{ account: 'first' }, { account: 'second' }]);
  await earlier.db.execute(sql`set statement_timeout = 12345`);
  await earlier.close();

  const next = await freshDatabase();
  try {
    expect(await next.db.select().from(users)).toEqual([]);
    const [row] = await next.db.insert(users).values({ account: 'third' }).returning({ id: users.id });
    expect(row.id).toBe(1);
    const [setting] = await next.db
      .select({ timeout: sql<string>`current_setting('statement_timeout')` })
      .from(users);
    expect(setting.timeout).toBe('0');
    await expect(earlier.db.select().from(users)).rejects.toThrow();
  } finally {
    await next.close();
  }
});
