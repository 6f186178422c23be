import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { serve } from '../../lib/serve';
import { listNotifications, markRead } from './list';
import { readNotifySettings, saveNotifySettings } from './settings';

/** The shopper's notifications under '/api/user'. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  serve(app, 'notify.list', async ({ page, limit }, request) =>
    listNotifications(db, request.lang, currentUser(request).id, { page, limit }),
  );

  serve(app, 'notify.read', async ({ ids }, request) => markRead(db, currentUser(request).id, ids));

  serve(app, 'notify.settings', async (_query, request) => readNotifySettings(db, currentUser(request).id));

  serve(app, 'notify.saveSettings', async (change, request) =>
    saveNotifySettings(db, currentUser(request).id, change),
  );
}
