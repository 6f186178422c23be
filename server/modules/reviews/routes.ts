import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import { postReview } from './post';
import { listReviews } from '../catalog';

/** POST /api/order/comment, registered under '/api/order'. */
export async function reviewOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  serve(
    app,
    'review.comment',
    async (body, request) =>
      new Answer(
        await postReview(db, request.lang, currentUser(request).id, body, app.config.DATA_DIR),
        'orders.reviewed',
      ),
  );
}

/** GET /api/product/comments, registered under '/api/product': public, like the product page. */
export async function reviewProductRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  serve(app, 'review.list', async ({ product_id, page, limit }, request) =>
    listReviews(db, request.lang, product_id, { page, limit }),
  );
}
