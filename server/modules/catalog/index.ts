import type { FastifyInstance } from 'fastify';
import { AnswerCache, attachCatalogCache } from './answer-cache';
import { catalogRoutes } from './routes';
import { attachViewBuffer, ViewBuffer } from './view-buffer';

/** What the catalogue's routes share: the answer cache and the buffer of product views. */
export interface CatalogDeps {
  cache: AnswerCache;
  views: ViewBuffer;
}

/** The catalogue: home, products, shops, the shopper's follows and favourites. */
export async function catalogModule(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const cache = new AnswerCache(app.config.CATALOG_CACHE_SECONDS * 1000);
  attachCatalogCache(db, cache);
  // A product page written with its new count is read again; lists catch up within the TTL.
  const views = new ViewBuffer(db, app.config.VIEWS_FLUSH_SECONDS * 1000, (ids) => {
    for (const id of ids) cache.invalidate(`detail:${id}|`);
  });
  attachViewBuffer(db, views);
  // Before the database closes (onClose hooks run last-registered first, after the entry point's).
  app.addHook('preClose', async () => {
    await views.close().catch((err: unknown) => app.log.error({ err }, 'writing product views failed'));
  });
  catalogRoutes(app, { cache, views });
}
