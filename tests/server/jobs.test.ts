import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits, sessions, uploads } from '../../server/db/schema';
import { housekeeping, startJobs } from '../../server/jobs/runner';
import { sweepEndedRateWindows, sweepExpiredSessions, sweepUnusedUploads } from '../../server/jobs/sweeps';
import { createTestAppWithDataDir } from '../support/app';
import { useApp } from '../support/use-app';

const t = useApp(() => createTestAppWithDataDir('jobs'));
let userId: number;
beforeAll(async () => {
  userId = (await t.register('housekeeper')).id;
});

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const fileOf = (url: string) => path.join(t.dataDir, url.replace(/^\//, ''));

/**
 * An upload row with its file on disk, made `age` ago: pending (as POST /api/upload leaves it), or
 * in the public folder (an avatar, or the one a new avatar replaced).
 */
async function upload(
  name: string,
  age: number,
  usedAt: Date | null = null,
  folder = usedAt ? 'uploads' : 'pending',
): Promise<string> {
  const url = `/${folder}/2026-01/${name}.webp`;
  mkdirSync(path.dirname(fileOf(url)), { recursive: true });
  writeFileSync(fileOf(url), 'webp');
  await t.database.db.insert(uploads).values({ userId, path: url, bytes: 4, createdAt: ago(age), usedAt });
  return url;
}
const uploadExists = async (url: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.path, url))).length === 1;

describe('jobs: unused uploads older than a day are deleted, row and file', () => {
  it('takes unused ones past a day, keeps used ones and recent ones', async () => {
    const stale = await upload('stale', 25 * HOUR);
    const fresh = await upload('fresh', 2 * HOUR);
    const avatar = await upload('avatar', 30 * HOUR, ago(29 * HOUR));
    const replaced = await upload('replaced-avatar', 40 * HOUR, null, 'uploads');
    const fileGone = await upload('file-already-gone', 26 * HOUR);
    rmSync(fileOf(fileGone));

    expect(await sweepUnusedUploads(t.database.db, t.dataDir)).toBe(3);
    for (const gone of [stale, replaced]) {
      expect(await uploadExists(gone)).toBe(false);
      expect(existsSync(fileOf(gone))).toBe(false);
    }
    expect(await uploadExists(fileGone)).toBe(false);
    for (const kept of [fresh, avatar]) {
      expect(await uploadExists(kept)).toBe(true);
      expect(existsSync(fileOf(kept))).toBe(true);
    }
    expect(await sweepUnusedUploads(t.database.db, t.dataDir)).toBe(0);
  });

  it('a row whose path points outside the uploads folder never deletes a file there', async () => {
    const outside = path.join(t.dataDir, 'keep.txt');
    writeFileSync(outside, 'keep');
    await t.database.db
      .insert(uploads)
      .values({ userId, path: '/uploads/../keep.txt', bytes: 4, createdAt: ago(48 * HOUR) });
    expect(await sweepUnusedUploads(t.database.db, t.dataDir)).toBe(1);
    expect(existsSync(outside)).toBe(true);
  });
});

describe('jobs: expired sessions and ended rate windows are deleted', () => {
  it('expired sessions go, live ones stay', async () => {
    const live = await t.register('still_here');
    await t.database.db.insert(sessions).values([
      { userId, tokenHash: 'expired-1', expiresAt: ago(HOUR) },
      { userId, tokenHash: 'expired-2', expiresAt: ago(1000) },
    ]);
    expect(await sweepExpiredSessions(t.database.db)).toBe(2);
    const left = await t.database.db.select().from(sessions);
    expect(left.every((s) => s.expiresAt > new Date())).toBe(true);
    const me = await t.endpoint('user.getUserInfo', { token: live.token });
    expect(me.code).toBe(1);
  });

  it('ended windows go, running ones stay', async () => {
    await t.database.db.insert(rateLimits).values([
      { key: 'test:ended', count: 3, windowEndsAt: ago(1000) },
      { key: 'test:running', count: 3, windowEndsAt: new Date(Date.now() + HOUR) },
    ]);
    expect(await sweepEndedRateWindows(t.database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test:running');
    expect(keys).not.toContain('test:ended');
  });
});

describe('jobs: the runner', () => {
  it('runs every job, survives a failing one, and stops cleanly', async () => {
    await upload('runner-stale', 40 * HOUR);
    const jobs = [
      { name: 'broken', run: () => Promise.reject(new Error('boom')) },
      ...housekeeping(t.database, t.dataDir),
    ];
    const runner = startJobs(jobs, 60_000, pino({ level: 'silent' }));
    const done = await runner.runOnce();
    expect(done).toMatchObject({ 'unused-uploads': 1, 'expired-sessions': 0 });
    expect(done).not.toHaveProperty('broken');
    await runner.stop();
  });

  it('wake runs the jobs at once; wakes during a run make one more run right after it', async () => {
    let runs = 0;
    const gates: (() => void)[] = [];
    const gated = {
      name: 'gated',
      run: async () => {
        runs += 1;
        await new Promise<void>((open) => gates.push(open));
        return 0;
      },
    };
    const runner = startJobs([gated], 60_000, pino({ level: 'silent' }));
    runner.wake();
    expect(runs).toBe(1);
    runner.wake();
    runner.wake();
    expect(runs).toBe(1);
    gates[0]();
    await vi.waitFor(() => expect(runs).toBe(2));
    gates[1]();
    await runner.stop();
    expect(runs).toBe(2);
  });

  it('two sweeps at once never take the same row (SKIP LOCKED)', async () => {
    for (let i = 0; i < 20; i++) await upload(`race-${i}`, 30 * HOUR);
    const [a, b] = await Promise.all([
      sweepUnusedUploads(t.database.db, t.dataDir),
      sweepUnusedUploads(t.database.db, t.dataDir),
    ]);
    expect(a + b).toBe(20);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploads)
      .where(sql`${uploads.path} like '%race-%'`);
    expect(Number(n)).toBe(0);
  });
});
