import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS, type ImageWidth } from '../../common/images';
import { banners, categories, products, shops } from '../db/schema';
import { BadResourceRequestError, MissingResourceError } from '../lib/errors';
import { bannerSvg, categorySvg, logoSvg, productSvg, shopAvatarSvg, shopBannerSvg } from './images/art';
import { productPictogram } from './images/product-pictogram';
import { webpOf } from './images/render';

/**
 * GET /img/...?w=: the catalogue's pictures as WebP at one of IMAGE_WIDTHS (480 when not given),
 * rendered once per picture and width into DATA_DIR/cache (images/render.ts), cached by clients for
 * a year: the picture behind a path does not change.
 */
const widthQuery = z.object({
  w: z.preprocess(
    (v) => (v === undefined || v === '' ? 480 : Number(v)),
    z.number().refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w), {
      error: 'errors.imageWidth',
    }),
  ),
});
/** A path id; anything else is a missing picture (HTTP 404). */
function idOf(text: string): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (n < 1 || n > 2_147_483_647) throw new MissingResourceError();
  return n;
}
const params = <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

const tag = { tags: ['images'] };

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const dataDir = app.config.DATA_DIR;

  // A refused width is a transport-level fault for an <img>: HTTP 400 with the usual envelope.
  app.addHook('preValidation', async (request) => {
    const parsed = widthQuery.safeParse(request.query);
    if (!parsed.success)
      throw new BadResourceRequestError('errors.imageWidth', { widths: IMAGE_WIDTHS.join(', ') });
  });

  const send = async (reply: FastifyReply, draw: () => Promise<string | undefined>) => {
    const svg = await draw();
    if (svg === undefined) throw new MissingResourceError();
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(await webpOf(dataDir, svg));
  };

  app.get('/logo', { schema: { ...tag, querystring: widthQuery } }, (request, reply) =>
    send(reply, async () => logoSvg(request.query.w)),
  );

  app.get(
    '/category/:id',
    { schema: { ...tag, querystring: widthQuery, params: params('id') } },
    (request, reply) => {
      const { w } = request.query;
      return send(reply, async () => {
        const [c] = await db
          .select()
          .from(categories)
          .where(eq(categories.id, idOf(request.params.id)));
        return c && categorySvg(c, w);
      });
    },
  );

  app.get(
    '/banner/:id',
    { schema: { ...tag, querystring: widthQuery, params: params('id') } },
    (request, reply) => {
      const { w } = request.query;
      return send(reply, async () => {
        const [b] = await db
          .select()
          .from(banners)
          .where(eq(banners.id, idOf(request.params.id)));
        if (!b) return undefined;
        // A banner that opens a category shows that category's pictogram.
        const categoryId = Number(/category_id=(\d+)/.exec(b.link)?.[1] ?? 0);
        const [c] = categoryId
          ? await db.select({ icon: categories.icon }).from(categories).where(eq(categories.id, categoryId))
          : [];
        // No title: the app writes it over the picture in the shopper's language.
        return bannerSvg({ id: b.id, icon: c?.icon ?? 'shop' }, w);
      });
    },
  );

  app.get(
    '/shop/:id/:part',
    {
      schema: {
        ...tag,
        querystring: widthQuery,
        params: params('id', 'part'),
      },
    },
    (request, reply) => {
      const { w } = request.query;
      const id = idOf(request.params.id);
      const { part } = request.params;
      if (part !== 'avatar' && part !== 'banner') throw new MissingResourceError();
      return send(reply, async () => {
        const [s] = await db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, id));
        if (!s) return undefined;
        return part === 'avatar' ? shopAvatarSvg(s, w) : shopBannerSvg(s, w);
      });
    },
  );

  app.get(
    '/product/:id/:n',
    {
      schema: {
        ...tag,
        querystring: widthQuery,
        params: params('id', 'n'),
      },
    },
    (request, reply) => {
      const { w } = request.query;
      const id = idOf(request.params.id);
      const n = /^\d$/.test(request.params.n) ? Number(request.params.n) : -1;
      if (n < 0) throw new MissingResourceError();
      return send(reply, async () => {
        const [p] = await db
          .select({ id: products.id, title: products.title, key: categories.key, icon: categories.icon })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(eq(products.id, id));
        // The kind of product named in the title picks the pictogram (images/product-pictogram.ts).
        return p && productSvg({ id: p.id, icon: productPictogram(p, p.title) }, n, w);
      });
    },
  );
};
