import { copyFile, link, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError, MissingResourceError } from '../../lib/errors';
import { uploadFile } from '../upload/storage';
import { linkSignature } from './wallet-key';

/**
 * Payment evidence pictures. A shopper uploads a picture as any other (POST /api/upload, public
 * under /uploads/ at an unguessable address only they know) and names it as a top-up's evidence;
 * the top-up takes it: the upload becomes purpose `evidence`, used, and moves out of the public
 * folder to DATA_DIR/evidence/, which no static route serves. From then on only
 * GET /api/user/evidence/<month>/<file> answers it: to its shopper's session, or to a link signed
 * with WALLET_KEY that only its shopper's answers (and the operator's command line) carry.
 */
const UPLOAD_PATH = /^\/uploads\/(\d{4}-\d{2})\/([0-9a-f]{24}\.webp)$/;
const ROUTE = '/api/user/evidence';
/** How long a link in an answer works. */
export const LINK_SECONDS = 60 * 60;

/** A file move to finish after the top-up commits (or undo when it does not). */
export interface EvidenceMove {
  from: string;
  to: string;
}

/**
 * Takes the shopper's own unused upload `url` (a path or a full address) as a top-up's evidence,
 * inside the top-up's transaction. Another shopper's upload, one in use (an avatar) or no upload
 * at all is refused alike. The file is linked into the private folder now; `finish` removes the
 * public copy after the commit, `undo` the private one after a rollback.
 */
export async function takeEvidence(
  tx: Tx,
  p: { userId: number; url: string; dataDir: string },
): Promise<{ uploadId: number; storedPath: string; move: EvidenceMove }> {
  let pathname: string;
  try {
    pathname = new URL(p.url, 'http://shop.invalid').pathname;
  } catch {
    throw new AppError('wallet.evidenceInvalid');
  }
  const m = UPLOAD_PATH.exec(pathname);
  if (!m) throw new AppError('wallet.evidenceInvalid');
  const privatePath = `/evidence/${m[1]}/${m[2]}`;
  const [taken] = await tx
    .update(uploads)
    .set({ purpose: 'evidence', usedAt: new Date(), path: privatePath })
    .where(
      and(
        eq(uploads.path, pathname),
        eq(uploads.userId, p.userId),
        eq(uploads.purpose, 'avatar'),
        isNull(uploads.usedAt),
      ),
    )
    .returning({ id: uploads.id });
  if (!taken) throw new AppError('wallet.evidenceInvalid');
  const from = uploadFile(p.dataDir, pathname);
  const to = uploadFile(p.dataDir, privatePath);
  if (!from || !to) throw new AppError('wallet.evidenceInvalid');
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new AppError('wallet.evidenceInvalid');
    // Another file system (a mounted volume) or a leftover of an interrupted attempt: copy instead.
    await copyFile(from, to);
  }
  return { uploadId: taken.id, storedPath: privatePath, move: { from, to } };
}

export const finishEvidenceMove = (move: EvidenceMove) => rm(move.from, { force: true });
export const undoEvidenceMove = (move: EvidenceMove) => rm(move.to, { force: true });

/** The link to an evidence picture (its stored path `/evidence/...`), valid for LINK_SECONDS. */
export function evidenceLink(storedPath: string, now = Date.now(), seconds = LINK_SECONDS): string {
  // Rounded up to ten minutes: answers of the same minutes carry the same link (cacheable).
  const expires = Math.ceil((now / 1000 + seconds) / 600) * 600;
  const rest = storedPath.replace(/^\/evidence\//, '');
  return `${ROUTE}/${rest}?expires=${expires}&sig=${linkSignature(storedPath, expires)}`;
}

function validSignature(storedPath: string, expires: unknown, sig: unknown): boolean {
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < Date.now()) return false;
  const expected = Buffer.from(linkSignature(storedPath, Number(expires)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * GET /api/user/evidence/:month/:file: the picture to its shopper (session) or to a valid signed
 * link; anything else (another shopper, no session, a bad or old link) answers 404 as if there
 * were no such picture. Not part of the JSON contract (it answers a picture), so hidden from it.
 */
export async function evidenceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get<{ Params: { month: string; file: string }; Querystring: Record<string, unknown> }>(
    '/evidence/:month/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { month, file } = request.params;
      if (!/^\d{4}-\d{2}$/.test(month) || !/^[0-9a-f]{24}\.webp$/.test(file))
        throw new MissingResourceError();
      const storedPath = `/evidence/${month}/${file}`;
      const [row] = await db
        .select({ userId: uploads.userId })
        .from(uploads)
        .where(and(eq(uploads.path, storedPath), eq(uploads.purpose, 'evidence')));
      const own = row !== undefined && request.user !== null && row.userId === request.user.id;
      const signed =
        row !== undefined && validSignature(storedPath, request.query.expires, request.query.sig);
      if (!own && !signed) throw new MissingResourceError();
      const target = uploadFile(app.config.DATA_DIR, storedPath);
      let body: Buffer;
      try {
        body = await readFile(target as string);
      } catch {
        throw new MissingResourceError();
      }
      return reply.header('cache-control', 'private, max-age=300').type('image/webp').send(body);
    },
  );
}
