import type { FastifyInstance } from 'fastify';
import type { PlatformInfo } from '@common/schemas/catalog-answers';
import { translate } from '../../lib/i18n';
import { miniAppLink } from '../../telegram/bot-api';
import { currentUser, ok } from '../../lib/http';
import { Answer, serve, SerializedAnswer } from '../../lib/serve';
import { queryKey } from './answer-cache';
import { cachedAnswer, cachedIn, replayedWhileCached } from './cached-answer';
import { listBanners, listCategories } from './categories';
import type { CatalogDeps } from './index';
import { recentKeywords, rememberKeyword } from './keywords';
import { cachedDetail, detailCacheKey, viewerFlags } from './product-detail';
import { prepareShareCard } from './share-card';
import { listProducts } from './products';
import { followedShops, hotShops, isFollowing, merchantDetail, searchShops } from './shops';
import { favouriteProducts, toggleFavourite, toggleFollow } from './toggles';

/**
 * The catalogue's endpoints (common/api, section catalog): the home screen (/api/index/*),
 * products (/api/product/*), shops (/api/merchant/*) and the shopper's follows and favourites
 * (/api/user/follow_list, like_list). Public pages are answered from the catalogue cache as ready
 * JSON; a shopper's own flags (favourited, followed) are added per request, never cached.
 */
export function catalogRoutes(app: FastifyInstance, { cache, views, shareCards }: CatalogDeps): void {
  const { db } = app.database;

  const appLink = miniAppLink(app.config);

  // ---- home ----

  serve(app, 'catalog.platform', async (_query, request) => {
    const info: PlatformInfo = {
      name: translate(request.lang, 'app.name'),
      welcome: translate(request.lang, 'app.welcome'),
      // The product's own mark (public/logo.svg), not a demo picture: it shows with demo data off too.
      logo: '/logo.svg',
      serviceUrl: app.config.SERVICE_URL ?? '',
      merchantUrl: app.config.MERCHANT_URL ?? '',
      sellerUrl: app.config.SELLER_URL ?? '',
      appLink,
    };
    return info;
  });

  serve(app, 'catalog.banners', async (_query, request) =>
    cachedAnswer(cache, request, 'banner', () => listBanners(db, request.lang)),
  );

  serve(app, 'catalog.categories', async (_query, request) =>
    cachedAnswer(cache, request, 'category', () => listCategories(db, request.lang)),
  );

  serve(app, 'catalog.feed', async (q, request) => {
    const filter = { categoryId: q.category_id, text: q.title };
    return cachedAnswer(cache, request, `feed:${queryKey(q)}`, () =>
      listProducts(db, request.lang, filter, 'sales', q),
    );
  });

  serve(app, 'catalog.hotProducts', async (q, request) =>
    cachedAnswer(cache, request, `hot:${queryKey(q)}`, () =>
      listProducts(db, request.lang, { hot: true }, 'sales', q),
    ),
  );

  serve(app, 'catalog.hotShops', async (q, request) =>
    cachedAnswer(cache, request, `hotShops:${queryKey(q)}`, () => hotShops(db, q)),
  );

  // ---- products ----

  serve(app, 'catalog.keywords', async (_query, request) => ({
    keywords: await recentKeywords(db, request.user?.id),
  }));

  serve(app, 'catalog.recommend', async (q, request) => {
    const filter = { recommended: true, categoryId: q.category_id };
    return cachedAnswer(cache, request, `recommend:${queryKey(q)}`, () =>
      listProducts(db, request.lang, filter, 'sales', q),
    );
  });

  serve(app, 'catalog.search', async (q, request) => {
    const filter = {
      text: q.title,
      categoryId: q.category_id,
      minPrice: q.price?.min,
      maxPrice: q.price?.max,
    };
    const sort = q.sort ?? (q.title ? 'relevance' : 'sales');
    // The first page of a search is what the shopper typed; later pages are the same search.
    const typed = Boolean(q.title && q.page === 1 && !q.cursor);
    if (request.user && typed) await rememberKeyword(db, request.user.id, q.title!);
    return cachedAnswer(
      cache,
      request,
      `search:${queryKey(q)}`,
      () => listProducts(db, request.lang, filter, sort, q),
      // A shopper's typed search is kept each time: only a visitor's is replayed.
      { replayable: !typed || !request.token },
    );
  });

  serve(app, 'catalog.searchShops', async (q, request) =>
    cachedAnswer(cache, request, `shopSearch:${queryKey(q)}`, () => searchShops(db, q.title, q)),
  );

  /**
   * The shared page comes from the cache; the view is noted in the buffer (no write here) and the
   * answer's `seen` includes the views not yet written; a shopper's own flags are added per request.
   */
  serve(app, 'catalog.productDetail', async (q, request) => {
    const id = q.product_id;
    const entry = await cachedDetail(cache, db, request.lang, id);
    await views.add(id, { userId: request.user?.id, address: request.ip });
    const shared = entry.data;
    const seen = shared.product.seen + views.pending(id);
    const product = seen === shared.product.seen ? shared.product : { ...shared.product, seen };
    if (request.user) {
      const flags = await viewerFlags(db, request.user.id, id, shared.product.shopId);
      return { ...shared, product, ...flags };
    }
    const ready = entry as typeof entry & { seen?: number };
    if (ready.serialized === undefined || ready.seen !== seen) {
      ready.serialized = new SerializedAnswer(JSON.stringify(ok(request, { ...shared, product })));
      ready.seen = seen;
    }
    // A visitor's page is replayed while its count stands: each replay notes its view as above,
    // and a view that moves the count (or one noted meanwhile) sends the request to the app again.
    if (!request.token) {
      const pending = views.pending(id);
      replayedWhileCached(
        cache,
        request,
        detailCacheKey(id),
        (address) => views.open && views.pending(id) === pending && !views.note(id, { address }),
      );
    }
    return ready.serialized;
  });

  serve(app, 'catalog.like', async (body, request) => {
    const answer = await toggleFavourite(db, currentUser(request).id, body.product_id);
    return new Answer(answer, answer.favourited ? 'catalog.favourited' : 'catalog.unfavourited');
  });

  serve(app, 'catalog.shareCard', async (body, request) =>
    prepareShareCard(db, shareCards, {
      userId: currentUser(request).id,
      productId: body.product_id,
      lang: request.lang,
      onTelegramError: (err) => request.log.warn({ err: String(err) }, 'no share card from Telegram'),
    }),
  );

  // ---- shops ----

  serve(app, 'catalog.shopDetail', async (q, request) => {
    const key = `shop:${q.mer_id}:${queryKey(q)}`;
    const load = () => merchantDetail(db, request.lang, undefined, q.mer_id, q.category_id, q);
    if (!request.user) return cachedAnswer(cache, request, key, load);
    // A shopper's own follow flag is added to the shared page, never kept in it.
    const [entry, followed] = await Promise.all([
      cachedIn(cache, request.lang, key, load),
      isFollowing(db, request.user.id, q.mer_id),
    ]);
    return { ...entry.data, followed };
  });

  serve(app, 'catalog.follow', async (body, request) => {
    const answer = await toggleFollow(db, currentUser(request).id, body.mer_id);
    return new Answer(answer, answer.followed ? 'catalog.followed' : 'catalog.unfollowed');
  });

  // ---- the shopper's follows and favourites ----

  serve(app, 'catalog.followList', async (q, request) => followedShops(db, currentUser(request).id, q));

  serve(app, 'catalog.likeList', async (q, request) =>
    favouriteProducts(db, request.lang, currentUser(request).id, q),
  );
}
