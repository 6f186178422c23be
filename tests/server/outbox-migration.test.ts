import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/client';

/**
 * The migration that makes the one outbox, on a database that still has the three old queues:
 * every row still to send comes along with its due time and tries; rows done stay behind.
 */
const files = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const ONE_OUTBOX = files.findIndex((f) => f.endsWith('_one_outbox.sql'));

const run = async (db: PGlite, file: string) => {
  const text = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
};

let db: PGlite;
beforeAll(async () => {
  db = new PGlite('memory://', { extensions: { pg_trgm } });
  for (const file of files.slice(0, ONE_OUTBOX)) await run(db, file);
});
afterAll(() => db.close());

describe('the one outbox migration', () => {
  it('copies the pending notifications, desk posts and customer-service messages, keeping their due times and tries', async () => {
    await db.exec(`
      insert into users (id, account) values (1, 'migrated');
      insert into notifications (id, user_id, kind, attempts, next_attempt_at, last_error, sent_at, delivery) values
        (10, 1, 'order', 3, '2030-01-01T00:00:00Z', 'Bad Gateway', null, null),
        (11, 1, 'order', 1, now(), null, now(), 'sent'),
        (12, 1, 'order', 0, now(), null, null, 'noChat');
      insert into desk_posts (id, kind, ref_id, attempts, next_attempt_at, sent_at) values
        (20, 'order', 5, 2, '2030-01-02T00:00:00Z', null),
        (21, 'order', 6, 1, now(), now());
      insert into support_messages (id, user_id, author, text, relay_tries, relay_after, relayed_at) values
        (30, 1, 'shopper', 'hello', 4, '2030-01-03T00:00:00Z', null),
        (31, 1, 'operator', 'hi', 0, now(), now());
    `);
    for (const file of files.slice(ONE_OUTBOX)) await run(db, file);
    const { rows } = await db.query<{
      kind: string;
      ref_id: string | number;
      attempts: number;
      next_attempt_at: Date;
      sent_at: Date | null;
    }>(`select kind, ref_id, attempts, next_attempt_at, sent_at from outbox order by id`);
    expect(rows.map((r) => [r.kind, Number(r.ref_id), r.attempts, r.next_attempt_at.toISOString()])).toEqual([
      ['notification', 10, 3, '2030-01-01T00:00:00.000Z'],
      ['desk', 20, 2, '2030-01-02T00:00:00.000Z'],
      ['relay', 30, 4, '2030-01-03T00:00:00.000Z'],
    ]);
    expect(rows.every((r) => r.sent_at === null)).toBe(true);
  });
});
