import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { NotFoundError, TooManyError } from '../../lib/errors';
import { currentUser } from '../../lib/http';
import { idempotencyKeyOf, once } from '../../lib/idempotency';
import { blockedFor, hit, minutesLeft } from '../../lib/rate-limit';
import { serve } from '../../lib/serve';
import { withFileMoves } from '../upload';
import { addMessage, listConversation, markConversationRead, messageView } from './messages';
import { requireOperator } from './operators';
import { listThreads } from './threads';

/** Messages one writer may send in 10 minutes (a shopper, or an operator from the Mini App). */
export const SERVICE_RATE = { perWindow: 30, windowMs: 10 * 60 * 1000 };

/**
 * Customer service under '/api/user' (common/api: section service). Every message is written with
 * its delivery (relay.ts carries it to the operator chat or to the shopper); `wake` asks the relay
 * to run now rather than at its next tick.
 */
export function serviceRoutes(opts: { wake?: () => void } = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    const { db } = app.database;
    const { OPERATOR_IDS: operatorIds, DATA_DIR: dataDir } = app.config;

    const slot = async (writerId: number) => {
      const key = `service:${writerId}`;
      const wait = await blockedFor(db, key, SERVICE_RATE.perWindow);
      if (wait > 0) throw new TooManyError('service.tooMany', { minutes: minutesLeft(wait) });
      await hit(db, key, SERVICE_RATE.windowMs);
    };

    serve(app, 'service.list', async (q, request) =>
      listConversation(db, currentUser(request).id, 'shopper', q),
    );

    serve(app, 'service.send', async ({ text, picture }, request) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request);
      await slot(user.id);
      const message = await withFileMoves(db, (moves) =>
        once(db, { userId: user.id, scope: 'service.send', key, request: { text, picture } }, async (tx) =>
          messageView(
            await addMessage(tx, { userId: user.id, author: 'shopper', text, picture }, { dataDir, moves }),
          ),
        ),
      );
      opts.wake?.();
      return message;
    });

    serve(app, 'service.read', async ({ user_id }, request) => {
      const user = currentUser(request);
      if (user_id === undefined) return markConversationRead(db, user.id, 'shopper');
      requireOperator(user, operatorIds);
      return markConversationRead(db, user_id, 'operator');
    });

    serve(app, 'service.threads', async (q, request) => {
      requireOperator(currentUser(request), operatorIds);
      return listThreads(db, q);
    });

    const shopperExists = async (userId: number) => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!row) throw new NotFoundError('service.notFound');
    };

    serve(app, 'service.thread', async ({ user_id, ...q }, request) => {
      requireOperator(currentUser(request), operatorIds);
      await shopperExists(user_id);
      return listConversation(db, user_id, 'operator', q);
    });

    serve(app, 'service.reply', async ({ user_id, text, picture }, request) => {
      const operator = currentUser(request);
      requireOperator(operator, operatorIds);
      const key = idempotencyKeyOf(request);
      await shopperExists(user_id);
      await slot(operator.id);
      const message = await withFileMoves(db, (moves) =>
        once(
          db,
          { userId: operator.id, scope: 'service.reply', key, request: { user_id, text, picture } },
          async (tx) =>
            messageView(
              await addMessage(
                tx,
                {
                  userId: user_id,
                  author: 'operator',
                  text,
                  picture,
                  uploaderId: operator.id,
                  operatorTgId: operator.telegramId ?? undefined,
                },
                { dataDir, moves },
              ),
            ),
        ),
      );
      opts.wake?.();
      return message;
    });
  };
}
