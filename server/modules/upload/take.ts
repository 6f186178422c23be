import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PENDING_UPLOAD } from '@common/schemas/fields';
import type { DbOrTx, Tx } from '../../db/client';
import { uploads, type UPLOAD_PURPOSES } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { uploadFile } from './storage';

/**
 * Where an upload lives, by the first folder of its path (and of DATA_DIR):
 *   - `pending`: just uploaded, nothing uses it yet. Served to no one but its shopper (their session,
 *     or the signed preview link the upload answered: server/modules/upload/evidence.ts).
 *   - `uploads`: public, served under /uploads/: a profile's avatar and a posted review's pictures.
 *   - `evidence`: private for good: payment evidence, refund proof and customer-service pictures,
 *     served only to their shopper and by signed links the shopper's answers and the operator carry.
 * An upload moves once, from pending to one of the others, when something takes it (takeUploads).
 */
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
const PUBLIC_PURPOSES: UploadPurpose[] = ['avatar', 'review'];
export const PRIVATE_PURPOSES: UploadPurpose[] = ['evidence', 'refund', 'service'];

/**
 * A taken upload's file, linked into its new folder (`to`, for the stored path `path`): the pending
 * name goes after the commit, the new one after a rollback.
 */
export interface FileMove {
  uploadId: number;
  path: string;
  from: string;
  to: string;
}

/**
 * Undoes a rolled back take: removes the new name, unless another request has taken the same upload
 * to the same place since (it waited on the row's lock behind this one, linked the same name and
 * committed). Read under the row's lock, so a take still running finishes first.
 */
async function undoMove(db: DbOrTx, m: FileMove): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ path: uploads.path })
      .from(uploads)
      .where(eq(uploads.id, m.uploadId))
      .for('update');
    if (row?.path !== m.path) await rm(m.to, { force: true });
  });
}

/** Finishes (after a commit) or undoes (after a rollback) the moves. */
export async function settleMoves(db: DbOrTx, moves: FileMove[], committed: boolean): Promise<void> {
  for (const m of moves) {
    if (committed) await rm(m.from, { force: true });
    else await undoMove(db, m);
  }
}

/**
 * Runs `work` (a transaction that takes uploads into `moves`) and settles the file moves by how it
 * ended: a committed take removes the pending file, a rolled back one its new name.
 */
export async function withFileMoves<T>(db: DbOrTx, work: (moves: FileMove[]) => Promise<T>): Promise<T> {
  const moves: FileMove[] = [];
  try {
    const answer = await work(moves);
    await settleMoves(db, moves, true);
    return answer;
  } catch (err) {
    await settleMoves(db, moves, false);
    throw err;
  }
}

export interface TakeUploads {
  userId: number;
  dataDir: string;
  /** What the upload answered as `url` (a full address ending in it too), in the order wanted back. */
  refs: string[];
  purpose: UploadPurpose;
  /** The refusal's translation key, for anything that is not the user's own pending upload. */
  invalid: string;
}

/**
 * Takes the user's own pending uploads for `purpose`, inside the caller's transaction: one update
 * marks them used, with their purpose and their new path (public or private by purpose), and each
 * file is linked into its new folder now (the caller settles `moves` after the transaction:
 * withFileMoves). Another user's upload, one taken already, a path no one uploaded or a repeated
 * one is refused alike, and the transaction's rollback undoes the rest. Answers the uploads' ids and
 * new paths, in the order of `refs`.
 */
export async function takeUploads(
  tx: Tx,
  p: TakeUploads,
  moves: FileMove[],
): Promise<{ id: number; path: string }[]> {
  if (p.refs.length === 0) return [];
  const pending = p.refs.map((ref) => {
    let pathname: string;
    try {
      pathname = new URL(ref, 'http://shop.invalid').pathname;
    } catch {
      throw new AppError(p.invalid);
    }
    if (!PENDING_UPLOAD.test(pathname)) throw new AppError(p.invalid);
    return pathname;
  });
  if (new Set(pending).size !== pending.length) throw new AppError(p.invalid);
  const folder = PUBLIC_PURPOSES.includes(p.purpose) ? '/uploads' : '/evidence';
  const taken = await tx
    .update(uploads)
    .set({
      purpose: p.purpose,
      usedAt: sql`now()`,
      // '/pending/<month>/<file>' -> '<folder>/<month>/<file>'
      path: sql`${folder} || substr(${uploads.path}, ${'/pending'.length + 1})`,
    })
    .where(
      and(
        inArray(uploads.path, pending),
        eq(uploads.userId, p.userId),
        // Pending: a fresh upload's row has the column's default purpose and no used_at.
        eq(uploads.purpose, 'avatar'),
        isNull(uploads.usedAt),
      ),
    )
    .returning({ id: uploads.id, path: uploads.path });
  if (taken.length !== pending.length) throw new AppError(p.invalid);
  const answer: { id: number; path: string }[] = [];
  for (const pendingPath of pending) {
    const stored = pendingPath.replace(/^\/pending/, folder);
    const from = uploadFile(p.dataDir, pendingPath) as string;
    const to = uploadFile(p.dataDir, stored) as string;
    // Recorded before the link, so a rollback undoes a half-done one too.
    moves.push({ uploadId: taken.find((t) => t.path === stored)!.id, path: stored, from, to });
    answer.push({ id: moves[moves.length - 1].uploadId, path: stored });
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError(p.invalid);
      // A leftover name (an attempt rolled back a moment ago) or another file system: copy instead.
      await copyFile(from, to);
    }
  }
  return answer;
}

/**
 * The profile takes `next` (a pending upload, or the avatar it has) as the user's avatar: public
 * from now on. The avatar it replaces (`previous`) is unused again, so the sweep removes it.
 * Answers the avatar's public path.
 */
export async function useAsAvatar(
  tx: Tx,
  p: { userId: number; dataDir: string; next: string; previous: string },
  moves: FileMove[],
): Promise<string> {
  if (p.next === p.previous) return p.next;
  const [{ path: avatar }] = await takeUploads(
    tx,
    {
      userId: p.userId,
      dataDir: p.dataDir,
      refs: [p.next],
      purpose: 'avatar',
      invalid: 'guard.avatarNotYours',
    },
    moves,
  );
  if (p.previous)
    await tx
      .update(uploads)
      .set({ usedAt: null })
      .where(and(eq(uploads.path, p.previous), eq(uploads.userId, p.userId)));
  return avatar;
}
