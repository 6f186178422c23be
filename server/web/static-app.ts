import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from '../lib/i18n';
import { ROOT } from '../lib/root';
import type { CatalogPages } from '../modules/catalog';
import { firstPage, indexFileOf } from './boot';

/** Where `npm run build` puts the Mini App unless SHOP_DIST names another folder. */
export const DIST_DIR = path.join(ROOT, 'dist');

/**
 * Serves uploads and the built Mini App: hashed assets cached for a year, index.html never cached
 * and answered for every other non-API path (the app uses path routes). The build writes `.br` and
 * `.gz` beside its files (vite.config.ts); they are answered by Accept-Encoding, identity otherwise.
 */
export async function staticFiles(
  app: FastifyInstance,
  dataDir: string,
  shopDist: string | undefined,
  catalog: CatalogPages,
): Promise<void> {
  const distDir = shopDist ? path.resolve(shopDist) : DIST_DIR;
  // A new shop has no public pictures yet; the folder exists from the first start (a missing root
  // is a warning on every start, and the first upload would have to make it anyway).
  const uploadsDir = path.resolve(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });
  const hasApp = existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own cache headers below, not send's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' && !['/api/', '/uploads/', '/img/'].some((prefix) => url.startsWith(prefix));
    if (isPage && hasApp && !path.extname(url.split('?')[0])) {
      const page = await firstPage(app, catalog, request, indexFileOf(distDir));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({
      code: 0,
      msg: translate(request.lang, 'errors.notFound'),
      data: null,
      error: 'errors.notFound',
    });
  });
}
