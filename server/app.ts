import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import multipart from '@fastify/multipart';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { INIT_DATA_MAX_LENGTH, TELEGRAM_AUTH_SCHEME } from '../common/api/headers';
import { CODE_FAIL, type Envelope } from '../common/envelope';
import { matchLang } from '../common/languages';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import { AnswerReplays, keepReplays, replayingServer } from './lib/answer-replay';
import { clientAddressOf } from './lib/client-address';
import { answerCompression } from './lib/compression';
import { AppError } from './lib/errors';
import { requireUser } from './lib/http';
import { hasKey, translate } from './lib/i18n';
import { configurePasswords } from './lib/passwords';
import { parseQuery } from './lib/querystring';
import { securityHeaders } from './lib/security';
import { findSessionUser, telegramCaller, userRoutes } from './modules/user';
import { MAX_UPLOAD_BYTES, uploadRoutes } from './modules/upload';
import { catalogModule } from './modules/catalog';
import { telegramCardPreparer } from './telegram/product-cards';
import { contentRoutes } from './modules/content';
import { notificationRoutes } from './modules/notifications';
import { orderRoutes } from './modules/orders';
import { refundRoutes } from './modules/refunds';
import { cartRoutes } from './modules/cart';
import { addressRoutes } from './modules/address';
import { checkoutRoutes } from './modules/checkout';
import { walletRoutes } from './modules/wallet';
import { reviewRoutes } from './modules/reviews';
import { serviceRoutes } from './modules/service';
import { configureWalletKey } from './lib/wallet-key';
import { configurePayPins } from './lib/pay-pins';
import { imageRoutes } from './demo/routes-images';
import { staticFiles } from './web/static-app';

/** The init data of an `Authorization: tma <init data>` header (common/api/headers.ts), if any. */
function telegramProof(header: string | undefined): string | undefined {
  const prefix = `${TELEGRAM_AUTH_SCHEME} `;
  const proof = header?.startsWith(prefix) ? header.slice(prefix.length) : '';
  return proof && proof.length <= INIT_DATA_MAX_LENGTH ? proof : undefined;
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Extra plugins (the bot's webhook) mounted by the entry point. */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
  /** The process logger (main.ts); tests let Fastify make one from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Runs the customer-service relay now (a message was written). */
  serviceWake?: () => void;
}

/** Whether a parsed body or query holds a NUL character anywhere (iterative: bodies may nest deeply). */
function containsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string' && v.includes('\u0000')) return true;
    if (typeof v === 'object' && v !== null) for (const inner of Object.values(v)) stack.push(inner);
  }
  return false;
}

export const loggerOptions = (config: Config) => ({
  level: config.LOG_LEVEL,
  redact: ['req.headers.token', 'req.headers.authorization'],
});

/** The API server as one Fastify instance; main.ts only listens and shuts it down. */
export async function buildApp({
  config,
  database,
  plugins = [],
  logger,
  serviceWake,
}: AppDeps): Promise<FastifyInstance> {
  // Public answers the same for everyone, replayed ahead of the app (lib/answer-replay.ts).
  const trustProxy = trustProxyOption(config.TRUST_PROXY);
  const replays = new AnswerReplays(clientAddressOf(trustProxy));
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(config) }),
    serverFactory: replayingServer(replays),
    // Always our own id: a client-chosen one could collide with or impersonate other requests in the logs.
    genReqId: () => randomUUID(),
    // X-Forwarded-For only from trusted proxies (by default on this host or a private network): a
    // client talking to the server directly must not choose its own address (login limits are per address).
    trustProxy,
    bodyLimit: 1024 * 1024,
    // A client has REQUEST_TIMEOUT to send a whole request, and less for its headers: a connection
    // that dribbles its body is closed instead of held (Node checks every second, not every 30 s).
    requestTimeout: config.REQUEST_TIMEOUT * 1000,
    http: {
      headersTimeout: Math.min(10_000, config.REQUEST_TIMEOUT * 1000),
      connectionsCheckingInterval: 1000,
    },
    // Idle keep-alive outlasts a load balancer's usual 60 s, so it never reuses a socket we are
    // closing; a connection silent for longer than that, mid-request, is closed.
    keepAliveTimeout: 65_000,
    connectionTimeout: 75_000,
    routerOptions: { querystringParser: parseQuery },
  });
  configurePasswords({ costLog2: config.PASSWORD_HASH_COST });
  configureWalletKey(config.WALLET_KEY);
  configurePayPins(config.WALLET_KEY);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorateRequest('lang', 'en-US');
  app.decorateRequest('user', null);
  app.decorateRequest('token', '');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const clientId = request.headers['x-request-id'];
    if (typeof clientId === 'string' && clientId)
      request.log.debug({ clientRequestId: clientId.slice(0, 128) }, 'client request id');
    const query = request.query as Record<string, unknown> | undefined;
    const fromHeader = matchLang(String(request.headers.lang ?? ''));
    const fromQuery = typeof query?.lang === 'string' ? matchLang(query.lang) : undefined;
    request.lang = fromHeader ?? fromQuery ?? 'en-US';
    if (!request.url.startsWith('/api/')) return;
    const token = request.headers.token;
    const proof = telegramProof(request.headers.authorization);
    if (typeof token === 'string' && token) {
      request.token = token;
      request.user = (await findSessionUser(database.db, token)) ?? null;
    } else if (proof) {
      request.user =
        (await telegramCaller(database.db, proof, config.BOT_TOKEN, config.INIT_DATA_MAX_AGE)) ?? null;
    }
  });

  /**
   * A route that needs a session (its schema declares the token security, or it names requireUser
   * as a preHandler) checks it in onRequest, right after the session lookup above: a caller without
   * a live session gets the 401 envelope before the body is parsed or validated.
   */
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
    const preHandlers = [route.preHandler ?? []].flat();
    const needsUser = Boolean(security?.some((s) => 'token' in s)) || preHandlers.includes(requireUser);
    if (!needsUser) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), requireUser];
    route.preHandler = preHandlers.filter((h) => h !== requireUser);
  });

  // An empty body sent as JSON (some clients do so for a logout) is no body, not a bad request.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    else jsonParser(request, text, done);
  });

  // PostgreSQL text cannot hold U+0000: refuse it at the door rather than fail inside a query.
  // A query holds one only as %00 (a request line cannot hold it raw); most requests have no body.
  app.addHook('preValidation', (request, _reply, done) => {
    const nul =
      (request.body !== undefined && containsNul(request.body)) ||
      (request.url.includes('%00') && containsNul(request.query));
    done(nul ? new AppError('errors.badRequest') : undefined);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (
      status: number,
      key: string,
      params: Record<string, string | number> = {},
      code = CODE_FAIL,
    ) =>
      reply
        .status(status)
        .send({ code, msg: translate(request.lang, key, params), data: null, error: key } satisfies Envelope);
    if (error instanceof AppError) return send(error.status, error.key, error.params, error.code);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const key = first?.message && hasKey(first.message) ? first.message : 'errors.invalidParam';
      const field =
        String(first?.instancePath ?? '').replace(/^\//, '') || String(first?.params?.issue ?? '');
      // A body that is not an object at all has no field to name.
      if (!field && key === 'errors.invalidParam') return send(200, 'errors.badRequest');
      return send(200, key, { field });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(413, 'errors.tooLarge');
    if (status === 429) return send(429, 'errors.tooManyRequests');
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(200, 'errors.badRequest');
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, 'errors.server');
  });

  securityHeaders(app);
  answerCompression(app);
  keepReplays(app, replays);
  app.decorate('answerReplays', replays);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SHOP API',
        version: '1.0.0',
        description: 'The API behind the SHOP Telegram Mini App.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });

  await app.register(userRoutes);
  await app.register(uploadRoutes);
  const catalog = await catalogModule(app, telegramCardPreparer(config));
  // The demo catalogue's drawn pictures exist only where demo data is on.
  if (config.DEMO_DATA) await app.register(imageRoutes, { prefix: '/img' });
  await app.register(contentRoutes);
  await app.register(orderRoutes);
  await app.register(refundRoutes);
  await app.register(notificationRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(checkoutRoutes);
  await app.register(walletRoutes);
  await app.register(reviewRoutes);
  await app.register(serviceRoutes({ wake: serviceWake }));
  for (const plugin of plugins) await plugin(app);
  await staticFiles(app, config.DATA_DIR, config.SHOP_DIST, catalog);
  return app;
}
