import type { FastifyInstance } from 'fastify';
import type { Lang } from '@common/languages';
import type { ProductDetailAnswer } from '@common/schemas/catalog-answers';
import { NotFoundError } from '../../lib/errors';
import { AnswerCache, attachCatalogCache } from './answer-cache';
import { cachedDetail, detailCacheKey } from './product-detail';
import { catalogRoutes } from './routes';
import type { CardPreparer } from './share-card';
import { attachViewBuffer, ViewBuffer } from './view-buffer';

/**
 * What the catalogue's routes share: the answer cache, the buffer of product views, and what
 * prepares a shared product's card with Telegram (none without the bot and the Mini App's link).
 */
export interface CatalogDeps {
  cache: AnswerCache;
  views: ViewBuffer;
  shareCards: CardPreparer | undefined;
}

/** What the catalogue lends the pages the server writes (server/web/boot.ts). */
export interface CatalogPages {
  /**
   * A product page as a visitor sees it, from the catalogue cache, without counting a view (the
   * app's own call counts it): undefined for a product that does not exist.
   */
  productPreview: (lang: Lang, productId: number) => Promise<ProductDetailAnswer | undefined>;
}

/**
 * The catalogue: home, products, shops, the shopper's follows and favourites. `shareCards` prepares
 * a shared product's card with Telegram (server/telegram/product-cards.ts; none without the bot).
 */
export async function catalogModule(
  app: FastifyInstance,
  shareCards: CardPreparer | undefined,
): Promise<CatalogPages> {
  const { db } = app.database;
  const cache = new AnswerCache(app.config.CATALOG_CACHE_SECONDS * 1000);
  attachCatalogCache(db, cache);
  cache.onInvalidate((prefix) => app.answerReplays.clear(prefix));
  // A product page written with its new count is read again; lists catch up within the TTL.
  const views = new ViewBuffer(db, app.config.VIEWS_FLUSH_SECONDS * 1000, (ids) => {
    for (const id of ids) cache.invalidate(detailCacheKey(id));
  });
  attachViewBuffer(db, views);
  // Before the database closes (onClose hooks run last-registered first, after the entry point's).
  app.addHook('preClose', async () => {
    await views.close().catch((err: unknown) => app.log.error({ err }, 'writing product views failed'));
  });
  catalogRoutes(app, { cache, views, shareCards });
  return {
    productPreview: async (lang, productId) => {
      try {
        return (await cachedDetail(cache, db, lang, productId)).data;
      } catch (err) {
        if (err instanceof NotFoundError) return undefined;
        throw err;
      }
    },
  };
}

// What other rooms use of this module (its face: they import nothing else of it).
export { invalidateCatalog } from './answer-cache';
export { productImage } from './picture-addresses';
export { listProducts, localTitle } from './products';
export { listReviews, toReviewItem } from './reviews';
export { countSales, SALES_QUEUED, SALES_COUNT_MS } from './sales';
export type { CardPreparer } from './share-card';
export { specLabel } from './spec-labels';
