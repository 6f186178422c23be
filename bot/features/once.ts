import { Composer, type Context } from 'grammy';
import type { Shoppers } from '../deps';

/**
 * First in the chain: an update Telegram delivers again (a webhook retried after a timeout, polling
 * resumed after a restart) finds its id recorded and is passed over, so nothing is answered or done
 * twice. An update whose handling failed gives its id back, so a re-delivery may try again.
 */
export function onceFeature(shoppers: Pick<Shoppers, 'firstDelivery' | 'forgetDelivery'>) {
  const feature = new Composer<Context>();
  feature.use(async (ctx, next) => {
    if (!(await shoppers.firstDelivery(ctx.update.update_id))) return;
    try {
      await next();
    } catch (err) {
      await shoppers.forgetDelivery(ctx.update.update_id);
      throw err;
    }
  });
  return feature;
}
