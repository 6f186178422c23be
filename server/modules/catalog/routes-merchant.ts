import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogAnswers, followBody, merchantDetailQuery } from '../../../common/schemas/catalog';
import { currentUser, ok, requireUser } from '../../lib/http';
import { queryKey } from './answer-cache';
import { cachedData, sendCached } from './cached-answer';
import type { CatalogDeps } from './index';
import { isFollowing, merchantDetail } from './shops';
import { toggleFollow } from './toggles';

const tag = { tags: ['merchant'] };

/** /api/merchant/*: a shop's page and the follow toggle. */
export const merchantRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { cache }) => {
  const { db } = app.database;

  app.get(
    '/detail',
    {
      schema: { ...tag, querystring: merchantDetailQuery, response: { 200: catalogAnswers.merchantDetail } },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `shop:${q.mer_id}:${queryKey(q)}`;
      const load = () => merchantDetail(db, request.lang, undefined, q.mer_id, q.category_id, q);
      if (!request.user) return sendCached(cache, request, reply, key, load);
      // A shopper's own follow flag is added to the shared page, never kept in it.
      const [entry, followed] = await Promise.all([
        cachedData(cache, request, key, load),
        isFollowing(db, request.user.id, q.mer_id),
      ]);
      return ok(request, { ...entry.data, followed });
    },
  );

  app.post(
    '/follow',
    {
      schema: {
        ...tag,
        security: [{ token: [] }],
        body: followBody,
        response: { 200: catalogAnswers.follow },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const answer = await toggleFollow(db, currentUser(request).id, request.body.mer_id);
      return ok(request, answer, answer.followed ? 'catalog.followed' : 'catalog.unfollowed');
    },
  );
};
