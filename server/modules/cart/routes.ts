import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Lang } from '@common/languages';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import type { Tx } from '../../db/client';
import { addLine, deleteLines, lockCart, selectLines, setLineNum, type Selection } from './cart-lines';
import { readCart } from './cart-view';

/** /api/cart/*: every call answers the whole cart as it is after the call. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** One change to the shopper's cart under its lock, then the cart as that transaction sees it. */
  const change = (userId: number, lang: Lang, work: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await lockCart(tx, userId);
      await work(tx);
      return readCart(tx, userId, lang);
    });

  serve(app, 'cart.index', async (_none, request) => readCart(db, currentUser(request).id, request.lang));

  serve(app, 'cart.add', async ({ product_id, spec_id, num }, request) => {
    const userId = currentUser(request).id;
    const cart = await change(userId, request.lang, (tx) =>
      addLine(tx, userId, { productId: product_id, specId: spec_id ?? 0, num: num ?? 1 }),
    );
    return new Answer(cart, 'cart.added');
  });

  serve(app, 'cart.setNum', async ({ cart_id, num }, request) => {
    const userId = currentUser(request).id;
    return change(userId, request.lang, (tx) => setLineNum(tx, userId, cart_id, num));
  });

  serve(app, 'cart.del', async ({ cart_ids }, request) => {
    const userId = currentUser(request).id;
    const cart = await change(userId, request.lang, (tx) => deleteLines(tx, userId, cart_ids));
    return new Answer(cart, 'cart.removed');
  });

  serve(app, 'cart.select', async ({ cart_ids, mer_id, selected }, request) => {
    const userId = currentUser(request).id;
    // Some lines or a shop's, not both at once: which one was meant cannot be guessed.
    if (cart_ids !== undefined && mer_id !== undefined)
      throw new AppError('errors.invalidParam', { field: 'mer_id' });
    const which: Selection =
      cart_ids !== undefined ? { cartIds: cart_ids } : mer_id !== undefined ? { shopId: mer_id } : 'all';
    return change(userId, request.lang, (tx) => selectLines(tx, userId, which, selected));
  });
};
