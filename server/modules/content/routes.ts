import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentQuery, envelopeOf, helpSupportAnswer, lawAnswer } from '../../../common/schemas/content';
import { ok } from '../../lib/http';
import { helpSupport, law } from './service';

const tag = { tags: ['content'] };

/** Help and legal texts under /api/user: public (no login), in the request's language. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/help_support',
    { schema: { ...tag, querystring: contentQuery, response: { 200: envelopeOf(helpSupportAnswer) } } },
    async (request) => ok(request, helpSupport(request.lang)),
  );

  app.get(
    '/law',
    { schema: { ...tag, querystring: contentQuery, response: { 200: envelopeOf(lawAnswer) } } },
    async (request) => ok(request, law(request.lang)),
  );
};
