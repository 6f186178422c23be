import type { FastifyInstance } from 'fastify';
import { homeRoutes } from './routes-home';
import { merchantRoutes } from './routes-merchant';
import { productRoutes } from './routes-product';
import { catalogUserRoutes } from './routes-user';

/** The catalogue: home, products, shops, the shopper's follows and favourites. */
export async function catalogModule(app: FastifyInstance): Promise<void> {
  await app.register(homeRoutes, { prefix: '/api/index' });
  await app.register(productRoutes, { prefix: '/api/product' });
  await app.register(merchantRoutes, { prefix: '/api/merchant' });
  await app.register(catalogUserRoutes, { prefix: '/api/user' });
}
