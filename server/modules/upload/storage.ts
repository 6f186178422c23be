import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { takeSlot } from '../../lib/rate-limit';

export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts one upload against the shopper's rate; over it, the attempt is taken back and refused. */
export async function takeUploadSlot(db: Db, userId: number, perWindow: number): Promise<void> {
  await takeSlot(db, `upload:user:${userId}`, perWindow, UPLOAD_WINDOW_MS, 'guard.uploadTooMany');
}

/** Bytes of pictures the shopper stored in the last 24 hours. */
export async function bytesToday(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(Date.now() - DAY_MS))));
  return Number(row.n);
}

/** Folders of DATA_DIR that hold uploads (what each is for: take.ts). */
const UPLOAD_FOLDERS = ['pending', 'uploads', 'evidence'];

/** The file on disk behind an upload's path (/pending/..., /uploads/... or /evidence/...), always inside its folder. */
export function uploadFile(dataDir: string, urlPath: string): string | undefined {
  const folder = urlPath.split('/')[1];
  if (!UPLOAD_FOLDERS.includes(folder)) return undefined;
  const root = path.resolve(dataDir, folder);
  const file = path.resolve(dataDir, `.${urlPath}`);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

/**
 * Writes a stored picture, pending (private until something takes it: take.ts), and records it for
 * the shopper, unless it would take them past the daily byte quota. The check and the insert hold a
 * per-shopper transaction lock, so two uploads at once cannot both slip under the quota.
 */
export async function storeUpload(
  db: Db,
  opts: { dataDir: string; userId: number; webp: Buffer; dailyBytes: number },
): Promise<string> {
  const month = new Date().toISOString().slice(0, 7);
  const url = `/pending/${month}/${randomBytes(12).toString('hex')}.webp`;
  const file = uploadFile(opts.dataDir, url) as string;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, opts.webp);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${opts.userId}`}))`);
      if ((await bytesToday(tx, opts.userId)) + opts.webp.length > opts.dailyBytes)
        throw new AppError('guard.uploadQuota');
      await tx.insert(uploads).values({ userId: opts.userId, path: url, bytes: opts.webp.length });
    });
  } catch (e) {
    await rm(file, { force: true });
    throw e;
  }
  return url;
}
