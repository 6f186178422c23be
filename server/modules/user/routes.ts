import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_LIST } from '../../../common/languages';
import {
  loginBody,
  profileBody,
  registerBody,
  resetPayBody,
  resetPwdBody,
  setLanguageQuery,
  tgLoginBody,
  verifyPayBody,
} from '../../../common/schemas/user';
import { currentUser, ok, requireUser } from '../../lib/http';
import { createSession, endSession, type UserRow } from './sessions';
import * as users from './service';
import { findOrCreateTelegramUser, linkTelegram, verifyInitData } from './telegram';

const tag = { tags: ['user'] };
const auth = { ...tag, security: [{ token: [] }] };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const withSession = async (user: UserRow) => {
    const { token, expiresAt } = await createSession(db, user.id);
    return { userinfo: { ...users.toUserInfo(user), token, expiresAt: expiresAt.toISOString() } };
  };

  app.post('/register', { schema: { ...tag, body: registerBody } }, async (request) => {
    const user = await users.register(db, request.body, request.lang);
    return ok(request, await withSession(user), 'user.registered');
  });

  app.post('/login', { schema: { ...tag, body: loginBody } }, async (request) => {
    const user = await users.login(db, request.body.account, request.body.password, request.ip);
    return ok(request, await withSession(user), 'user.loggedIn');
  });

  app.post('/tg_login', { schema: { ...tag, body: tgLoginBody } }, async (request) => {
    const tg = verifyInitData(request.body.init_data, app.config.BOT_TOKEN, app.config.INIT_DATA_MAX_AGE);
    const user = request.user
      ? await linkTelegram(db, request.user, tg)
      : await findOrCreateTelegramUser(db, tg);
    return ok(request, await withSession(user), request.user ? 'user.telegramLinked' : 'user.loggedIn');
  });

  app.get('/getUserInfo', { schema: auth, preHandler: requireUser }, async (request) =>
    ok(request, users.toUserInfo(currentUser(request))),
  );

  app.post(
    '/logout',
    {
      schema: { ...auth, querystring: z.object({ lang: z.string().max(16).optional() }) },
      preHandler: requireUser,
    },
    async (request) => {
      await endSession(db, request.token);
      return ok(request, null, 'user.loggedOut');
    },
  );

  app.post('/profile', { schema: { ...auth, body: profileBody }, preHandler: requireUser }, async (request) =>
    ok(
      request,
      users.toUserInfo(await users.updateProfile(db, currentUser(request), request.body)),
      'common.saved',
    ),
  );

  app.post(
    '/resetpwd',
    { schema: { ...auth, body: resetPwdBody }, preHandler: requireUser },
    async (request) => {
      await users.changePassword(
        db,
        currentUser(request),
        request.body.oldpassword,
        request.body.newpassword,
      );
      return ok(request, null, 'user.passwordChanged');
    },
  );

  app.post(
    '/resetPay',
    { schema: { ...auth, body: resetPayBody }, preHandler: requireUser },
    async (request) => {
      await users.changePayPassword(
        db,
        currentUser(request),
        request.body.oldpassword,
        request.body.newpassword,
      );
      return ok(request, null, 'user.payPasswordSaved');
    },
  );

  app.post(
    '/verify_pay',
    { schema: { ...auth, body: verifyPayBody }, preHandler: requireUser },
    async (request) => {
      await users.checkPayPassword(db, currentUser(request).id, request.body.password_pay);
      return ok(request, { verified: true });
    },
  );

  app.get('/language_list', { schema: tag }, async (request) => ok(request, LANGUAGE_LIST));

  app.get(
    '/set_language',
    { schema: { ...auth, querystring: setLanguageQuery }, preHandler: requireUser },
    async (request) => {
      await users.setLanguage(db, currentUser(request).id, request.query.lang);
      return ok(request, { lang: request.query.lang }, 'common.saved');
    },
  );
};
