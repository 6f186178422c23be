import { copyFile, link, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { uploads, type UPLOAD_PURPOSES } from '../../db/schema';
import { AppError, MissingResourceError } from '../../lib/errors';
import { uploadFile } from '../upload/storage';
import { linkSignature } from './wallet-key';

/**
 * Private pictures: payment evidence of top-ups and proof of refund requests. A shopper uploads a picture as any other (POST /api/upload, public
 * under /uploads/ at an unguessable address only they know) and names it as a top-up's evidence
 * (or a refund's proof); the top-up takes it: the upload becomes purpose `evidence` (`refund`), used, and moves out of the public
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

/** What a private picture is for (the purposes other than the public avatar). */
export type PrivatePurpose = Exclude<(typeof UPLOAD_PURPOSES)[number], 'avatar'>;
export const PRIVATE_PURPOSES: PrivatePurpose[] = ['evidence', 'refund'];

export interface TakePicture {
  userId: number;
  url: string;
  dataDir: string;
  /** Default: a top-up's payment evidence. */
  purpose?: PrivatePurpose;
  /** The refusal's translation key. Default: wallet.evidenceInvalid. */
  invalid?: string;
}

/**
 * Takes the shopper's own unused upload `url` (a path or a full address) as a top-up's evidence
 * (or a refund's proof), inside the caller's transaction. Another shopper's upload, one in use (an
 * avatar) or no upload at all is refused alike. The file is linked into the private folder now;
 * `finish` removes the public copy after the commit, `undo` the private one after a rollback.
 */
export async function takeEvidence(
  tx: Tx,
  p: TakePicture,
): Promise<{ uploadId: number; storedPath: string; move: EvidenceMove }> {
  const invalid = p.invalid ?? 'wallet.evidenceInvalid';
  let pathname: string;
  try {
    pathname = new URL(p.url, 'http://shop.invalid').pathname;
  } catch {
    throw new AppError(invalid);
  }
  const m = UPLOAD_PATH.exec(pathname);
  if (!m) throw new AppError(invalid);
  const privatePath = `/evidence/${m[1]}/${m[2]}`;
  const [taken] = await tx
    .update(uploads)
    .set({ purpose: p.purpose ?? 'evidence', usedAt: new Date(), path: privatePath })
    .where(
      and(
        eq(uploads.path, pathname),
        eq(uploads.userId, p.userId),
        eq(uploads.purpose, 'avatar'),
        isNull(uploads.usedAt),
      ),
    )
    .returning({ id: uploads.id });
  if (!taken) throw new AppError(invalid);
  const from = uploadFile(p.dataDir, pathname);
  const to = uploadFile(p.dataDir, privatePath);
  if (!from || !to) throw new AppError(invalid);
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new AppError(invalid);
    // Another file system (a mounted volume) or a leftover of an interrupted attempt: copy instead.
    await copyFile(from, to);
  }
  return { uploadId: taken.id, storedPath: privatePath, move: { from, to } };
}

export const finishEvidenceMove = (move: EvidenceMove) => rm(move.from, { force: true });
export const undoEvidenceMove = (move: EvidenceMove) => rm(move.to, { force: true });

/** Finishes (after a commit) or undoes (after a rollback) several moves; never throws for one. */
export async function settleMoves(moves: EvidenceMove[], committed: boolean): Promise<void> {
  await Promise.all(moves.map((m) => (committed ? finishEvidenceMove(m) : undoEvidenceMove(m))));
}

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
        .where(and(eq(uploads.path, storedPath), inArray(uploads.purpose, PRIVATE_PURPOSES)));
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
