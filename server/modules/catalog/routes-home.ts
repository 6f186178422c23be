import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogAnswers, feedQuery, pageQuery, type PlatformInfo } from '../../../common/schemas/catalog';
import { ok } from '../../lib/http';
import { translate } from '../../lib/i18n';
import { queryKey } from './answer-cache';
import { sendCached } from './cached-answer';
import { listBanners, listCategories } from './categories';
import type { CatalogDeps } from './index';
import { listProducts } from './products';
import { hotShops } from './shops';

const tag = { tags: ['home'] };

/** /api/index/*: the home screen. Everything here is public and answered from the catalogue cache. */
export const homeRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { cache }) => {
  const { db } = app.database;

  app.get('/index', { schema: { ...tag, response: { 200: catalogAnswers.platform } } }, async (request) => {
    const info: PlatformInfo = {
      name: translate(request.lang, 'app.name'),
      welcome: translate(request.lang, 'app.welcome'),
      // The product's own mark (public/logo.svg), not a demo picture: it shows with demo data off too.
      logo: '/logo.svg',
      serviceUrl: app.config.SERVICE_URL ?? '',
      merchantUrl: app.config.MERCHANT_URL ?? '',
      sellerUrl: app.config.SELLER_URL ?? '',
      appLink:
        app.config.BOT_USERNAME && app.config.MINI_APP_NAME
          ? `https://t.me/${app.config.BOT_USERNAME}/${app.config.MINI_APP_NAME}`
          : '',
    };
    return ok(request, info);
  });

  app.get(
    '/banner',
    { schema: { ...tag, response: { 200: catalogAnswers.banners } } },
    async (request, reply) =>
      sendCached(cache, request, reply, 'banner', () => listBanners(db, request.lang)),
  );

  app.get(
    '/category',
    { schema: { ...tag, response: { 200: catalogAnswers.categories } } },
    async (request, reply) =>
      sendCached(cache, request, reply, 'category', () => listCategories(db, request.lang)),
  );

  app.get(
    '/product',
    { schema: { ...tag, querystring: feedQuery, response: { 200: catalogAnswers.products } } },
    async (request, reply) => {
      const q = request.query;
      const filter = { categoryId: q.category_id, text: q.title };
      return sendCached(cache, request, reply, `feed:${queryKey(q)}`, () =>
        listProducts(db, request.lang, filter, 'sales', q),
      );
    },
  );

  app.get(
    '/hot_product',
    { schema: { ...tag, querystring: pageQuery, response: { 200: catalogAnswers.products } } },
    async (request, reply) =>
      sendCached(cache, request, reply, `hot:${queryKey(request.query)}`, () =>
        listProducts(db, request.lang, { hot: true }, 'sales', request.query),
      ),
  );

  app.get(
    '/hot_merchant',
    { schema: { ...tag, querystring: pageQuery, response: { 200: catalogAnswers.shops } } },
    async (request, reply) =>
      sendCached(cache, request, reply, `hotShops:${queryKey(request.query)}`, () =>
        hotShops(db, request.query),
      ),
  );
};
