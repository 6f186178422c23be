import { readFile } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../db/schema';
import { MissingResourceError } from '../../lib/errors';
import { uploadFile } from './storage';
import { PRIVATE_PURPOSES } from './take';
import { linkSignature } from '../../lib/wallet-key';

/**
 * Private pictures (server/modules/upload/take.ts): pending uploads, and payment evidence, refund
 * proof and customer-service pictures. No static route serves their folders; only
 * GET /api/user/upload/<month>/<file> (a pending upload) and GET /api/user/evidence/<month>/<file>
 * answer them: to their shopper's session, or to a link signed with WALLET_KEY that only their
 * shopper's answers (and the operator's desk and command line) carry.
 */
const ROUTES = { pending: '/api/user/upload', evidence: '/api/user/evidence' };
/** How long a link in an answer works. */
export const LINK_SECONDS = 60 * 60;

/** The link to a private picture (its stored path `/evidence/...` or `/pending/...`), valid for LINK_SECONDS. */
export function evidenceLink(storedPath: string, now = Date.now(), seconds = LINK_SECONDS): string {
  // Rounded up to ten minutes: answers of the same minutes carry the same link (cacheable).
  const expires = Math.ceil((now / 1000 + seconds) / 600) * 600;
  const [, folder, rest] = /^\/(pending|evidence)\/(.*)$/.exec(storedPath) ?? [];
  if (!folder) throw new Error(`not a private picture: ${storedPath}`);
  return `${ROUTES[folder as keyof typeof ROUTES]}/${rest}?expires=${expires}&sig=${linkSignature(storedPath, expires)}`;
}

/** A stored picture as an answer shows it: a public one at its address, a private one by a signed link. */
export const pictureLink = (storedPath: string, now = Date.now()): string =>
  storedPath.startsWith('/uploads/') ? storedPath : evidenceLink(storedPath, now);

function validSignature(storedPath: string, expires: unknown, sig: unknown): boolean {
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < Date.now()) return false;
  const expected = Buffer.from(linkSignature(storedPath, Number(expires)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * GET /api/user/evidence/:month/:file and /api/user/upload/:month/:file: the picture to its shopper
 * (session) or to a valid signed link; anything else (another shopper, no session, a bad or old
 * link, a pending upload taken since) answers 404 as if there were no such picture. Not part of the
 * JSON contract (they answer a picture), so hidden from it.
 */
export async function evidenceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const servePrivate = (route: string, folder: 'evidence' | 'pending') =>
    app.get<{ Params: { month: string; file: string }; Querystring: Record<string, unknown> }>(
      `${route}/:month/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { month, file } = request.params;
        if (!/^\d{4}-\d{2}$/.test(month) || !/^[0-9a-f]{24}\.webp$/.test(file))
          throw new MissingResourceError();
        const storedPath = `/${folder}/${month}/${file}`;
        const [row] = await db
          .select({ userId: uploads.userId })
          .from(uploads)
          .where(
            and(
              eq(uploads.path, storedPath),
              folder === 'pending' ? isNull(uploads.usedAt) : inArray(uploads.purpose, PRIVATE_PURPOSES),
            ),
          );
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
  servePrivate(ROUTES.evidence, 'evidence');
  servePrivate(ROUTES.pending, 'pending');
}
