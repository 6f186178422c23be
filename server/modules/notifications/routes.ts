import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { serve } from '../../lib/serve';
import { listNotifications, markRead } from './list';

/** The shopper's notifications under '/api/user'. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  serve(app, 'notify.list', async ({ page, limit }, request) =>
    listNotifications(db, request.lang, currentUser(request).id, { page, limit }),
  );

  serve(app, 'notify.read', async ({ ids }, request) => markRead(db, currentUser(request).id, ids));
}
