import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogAnswers,
  likeBody,
  productDetailQuery,
  recommendQuery,
  searchQuery,
  shopSearchQuery,
  type KeywordsAnswer,
  type ProductDetailAnswer,
} from '../../../common/schemas/catalog';
import { currentUser, ok, requireUser } from '../../lib/http';
import { queryKey } from './answer-cache';
import { cachedData, sendCached, sendJson } from './cached-answer';
import type { CatalogDeps } from './index';
import { recentKeywords, rememberKeyword } from './keywords';
import { productDetail, viewerFlags } from './product-detail';
import { listProducts } from './products';
import { searchShops } from './shops';
import { toggleFavourite } from './toggles';

const tag = { tags: ['product'] };

/** /api/product/*: search, recommendations, detail, favourite toggle. */
export const productRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { cache, views }) => {
  const { db } = app.database;

  app.get('/index', { schema: { ...tag, response: { 200: catalogAnswers.keywords } } }, async (request) => {
    const answer: KeywordsAnswer = { keywords: await recentKeywords(db, request.user?.id) };
    return ok(request, answer);
  });

  app.get(
    '/recommend',
    { schema: { ...tag, querystring: recommendQuery, response: { 200: catalogAnswers.products } } },
    async (request, reply) => {
      const filter = { recommended: true, categoryId: request.query.category_id };
      return sendCached(cache, request, reply, `recommend:${queryKey(request.query)}`, () =>
        listProducts(db, request.lang, filter, 'sales', request.query),
      );
    },
  );

  app.get(
    '/search',
    { schema: { ...tag, querystring: searchQuery, response: { 200: catalogAnswers.products } } },
    async (request, reply) => {
      const q = request.query;
      const filter = {
        text: q.title,
        categoryId: q.category_id,
        minPrice: q.price?.min,
        maxPrice: q.price?.max,
      };
      const sort = q.sort ?? (q.title ? 'relevance' : 'sales');
      // The first page of a search is what the shopper typed; later pages are the same search.
      if (request.user && q.title && q.page === 1 && !q.cursor) {
        await rememberKeyword(db, request.user.id, q.title);
      }
      return sendCached(cache, request, reply, `search:${queryKey(q)}`, () =>
        listProducts(db, request.lang, filter, sort, q),
      );
    },
  );

  app.get(
    '/searchs',
    { schema: { ...tag, querystring: shopSearchQuery, response: { 200: catalogAnswers.shops } } },
    async (request, reply) =>
      sendCached(cache, request, reply, `shopSearch:${queryKey(request.query)}`, () =>
        searchShops(db, request.query.title, request.query),
      ),
  );

  /**
   * The shared page comes from the cache; the view is noted in the buffer (no write here) and the
   * answer's `seen` includes the views not yet written; a shopper's own flags are added per request.
   */
  app.get(
    '/detail',
    { schema: { ...tag, querystring: productDetailQuery, response: { 200: catalogAnswers.productDetail } } },
    async (request, reply) => {
      const id = request.query.product_id;
      const entry = await cachedData<ProductDetailAnswer>(cache, request, `detail:${id}|`, () =>
        productDetail(db, request.lang, id),
      );
      await views.add(id, { userId: request.user?.id, address: request.ip });
      const shared = entry.data;
      const seen = shared.product.seen + views.pending(id);
      const product = seen === shared.product.seen ? shared.product : { ...shared.product, seen };
      if (request.user) {
        const flags = await viewerFlags(db, request.user.id, id, shared.product.shopId);
        return ok(request, { ...shared, product, ...flags });
      }
      const ready = entry as typeof entry & { seen?: number };
      if (ready.json === undefined || ready.seen !== seen) {
        ready.json = JSON.stringify(ok(request, { ...shared, product }));
        ready.seen = seen;
      }
      return sendJson(reply, ready.json);
    },
  );

  app.post(
    '/like',
    {
      schema: { ...tag, security: [{ token: [] }], body: likeBody, response: { 200: catalogAnswers.like } },
      preHandler: requireUser,
    },
    async (request) => {
      const answer = await toggleFavourite(db, currentUser(request).id, request.body.product_id);
      return ok(request, answer, answer.favourited ? 'catalog.favourited' : 'catalog.unfavourited');
    },
  );
};
