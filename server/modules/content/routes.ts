import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve';
import { helpSupport, law } from './documents';

/** Help and legal texts under /api/user: public (no login), in the request's language. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  serve(app, 'content.helpSupport', async (_query, request) => helpSupport(request.lang));
  serve(app, 'content.law', async (_query, request) => law(request.lang));
}
