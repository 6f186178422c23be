import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import { postReview } from './post';
import { listReviews } from '../catalog';

/** POST /api/order/comment (write a review) and GET /api/product/comments (public, like the product page). */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
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

  serve(app, 'review.list', async ({ product_id, page, limit }, request) =>
    listReviews(db, request.lang, product_id, { page, limit }),
  );
}
