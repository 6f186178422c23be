import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogAnswers, pageQuery } from '../../../common/schemas/catalog';
import { currentUser, ok, requireUser } from '../../lib/http';
import { followedShops } from './shops';
import { favouriteProducts } from './toggles';

const auth = { tags: ['user'], security: [{ token: [] }] };

/** The catalogue's calls under /api/user: the shopper's followed shops and favourite products. */
export const catalogUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/follow_list',
    {
      schema: { ...auth, querystring: pageQuery, response: { 200: catalogAnswers.shops } },
      preHandler: requireUser,
    },
    async (request) => ok(request, await followedShops(db, currentUser(request).id, request.query)),
  );

  app.get(
    '/like_list',
    {
      schema: { ...auth, querystring: pageQuery, response: { 200: catalogAnswers.products } },
      preHandler: requireUser,
    },
    async (request) =>
      ok(request, await favouriteProducts(db, request.lang, currentUser(request).id, request.query)),
  );
};
