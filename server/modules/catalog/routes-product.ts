import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  likeBody,
  productDetailQuery,
  recommendQuery,
  searchQuery,
  shopSearchQuery,
  type KeywordsAnswer,
} from '../../../common/schemas/catalog';
import { currentUser, ok, requireUser } from '../../lib/http';
import { recentKeywords, rememberKeyword } from './keywords';
import { productDetail } from './product-detail';
import { listProducts } from './products';
import { searchShops } from './shops';
import { toggleFavourite } from './toggles';

const tag = { tags: ['product'] };

/** /api/product/*: search, recommendations, detail, favourite toggle. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get('/index', { schema: tag }, async (request) => {
    const answer: KeywordsAnswer = { keywords: await recentKeywords(db, request.user?.id) };
    return ok(request, answer);
  });

  app.get('/recommend', { schema: { ...tag, querystring: recommendQuery } }, async (request) => {
    const filter = { recommended: true, categoryId: request.query.category_id };
    return ok(request, await listProducts(db, request.lang, filter, 'sales', request.query));
  });

  app.get('/search', { schema: { ...tag, querystring: searchQuery } }, async (request) => {
    const q = request.query;
    const filter = {
      text: q.title,
      categoryId: q.category_id,
      minPrice: q.price?.min,
      maxPrice: q.price?.max,
    };
    const sort = q.sort ?? (q.title ? 'relevance' : 'sales');
    const answer = await listProducts(db, request.lang, filter, sort, q);
    // The first page of a search is what the shopper typed; later pages are the same search.
    if (request.user && q.title && q.page === 1 && !q.cursor) {
      await rememberKeyword(db, request.user.id, q.title);
    }
    return ok(request, answer);
  });

  app.get('/searchs', { schema: { ...tag, querystring: shopSearchQuery } }, async (request) =>
    ok(request, await searchShops(db, request.query.title, request.query)),
  );

  app.get('/detail', { schema: { ...tag, querystring: productDetailQuery } }, async (request) =>
    ok(
      request,
      await productDetail(db, request.lang, request.query.product_id, {
        userId: request.user?.id,
        address: request.ip,
      }),
    ),
  );

  app.post(
    '/like',
    { schema: { ...tag, security: [{ token: [] }], body: likeBody }, preHandler: requireUser },
    async (request) => {
      const answer = await toggleFavourite(db, currentUser(request).id, request.body.product_id);
      return ok(request, answer, answer.favourited ? 'catalog.favourited' : 'catalog.unfavourited');
    },
  );
};
