import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followBody, merchantDetailQuery } from '../../../common/schemas/catalog';
import { currentUser, ok, requireUser } from '../../lib/http';
import { merchantDetail } from './shops';
import { toggleFollow } from './toggles';

const tag = { tags: ['merchant'] };

/** /api/merchant/*: a shop's page and the follow toggle. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get('/detail', { schema: { ...tag, querystring: merchantDetailQuery } }, async (request) => {
    const q = request.query;
    return ok(request, await merchantDetail(db, request.lang, request.user?.id, q.mer_id, q.category_id, q));
  });

  app.post(
    '/follow',
    { schema: { ...tag, security: [{ token: [] }], body: followBody }, preHandler: requireUser },
    async (request) => {
      const answer = await toggleFollow(db, currentUser(request).id, request.body.mer_id);
      return ok(request, answer, answer.followed ? 'catalog.followed' : 'catalog.unfollowed');
    },
  );
};
