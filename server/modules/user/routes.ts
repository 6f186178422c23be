import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_LIST } from '../../../common/languages';
import {
  loginBody,
  profileBody,
  registerBody,
  resetPayBody,
  resetPwdBody,
  tgLoginBody,
  verifyPayBody,
} from '../../../common/schemas/user';
import { currentUser, ok } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import { login, register } from './login';
import type { ProofContext } from './proof';
import { createSession, endSession, type UserRow } from './sessions';
import * as users from './service';
import { findOrCreateTelegramUser, linkTelegram, verifyInitData } from './telegram';

const tag = { tags: ['user'] };
/** Routes with this security need a session: app.ts checks it before the body is even parsed. */
const auth = { ...tag, security: [{ token: [] }] };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const proofContext = (address: string): ProofContext => ({
    botToken: app.config.BOT_TOKEN,
    initDataMaxAge: app.config.INIT_DATA_MAX_AGE,
    address,
  });

  const withSession = async (user: UserRow) => {
    const { token, expiresAt } = await createSession(db, user.id);
    return { userinfo: { ...users.toUserInfo(user), token, expiresAt: expiresAt.toISOString() } };
  };

  app.post('/register', { schema: { ...tag, body: registerBody } }, async (request) => {
    const user = await register(db, request.body, request.lang, request.ip);
    return ok(request, await withSession(user), 'user.registered');
  });

  app.post('/login', { schema: { ...tag, body: loginBody } }, async (request) => {
    const user = await login(db, request.body.account, request.body.password, request.ip, {
      demoData: app.config.DEMO_DATA,
    });
    return ok(request, await withSession(user), 'user.loggedIn');
  });

  app.post('/tg_login', { schema: { ...tag, body: tgLoginBody } }, async (request) => {
    const tg = verifyInitData(request.body.init_data, app.config.BOT_TOKEN, app.config.INIT_DATA_MAX_AGE);
    const user = request.user
      ? await linkTelegram(db, request.user, tg)
      : await findOrCreateTelegramUser(db, tg);
    return ok(request, await withSession(user), request.user ? 'user.telegramLinked' : 'user.loggedIn');
  });

  app.get('/getUserInfo', { schema: auth }, async (request) =>
    ok(request, users.toUserInfo(currentUser(request))),
  );

  app.post(
    '/logout',
    {
      schema: { ...auth, querystring: z.object({ lang: z.string().max(16).optional() }) },
    },
    async (request) => {
      await endSession(db, request.token);
      return ok(request, null, 'user.loggedOut');
    },
  );

  app.post('/logout_all', { schema: auth }, async (request) => {
    await users.endAllSessions(db, currentUser(request).id);
    return ok(request, null, 'auth.loggedOutEverywhere');
  });

  app.post('/profile', { schema: { ...auth, body: profileBody } }, async (request) =>
    ok(
      request,
      users.toUserInfo(await users.updateProfile(db, currentUser(request), request.body)),
      'common.saved',
    ),
  );

  app.post('/resetpwd', { schema: { ...auth, body: resetPwdBody } }, async (request) => {
    await users.changePassword(db, currentUser(request), request.body, proofContext(request.ip));
    return ok(request, null, 'user.passwordChanged');
  });

  app.post('/resetPay', { schema: { ...auth, body: resetPayBody } }, async (request) => {
    await users.changePayPassword(db, currentUser(request), request.body, proofContext(request.ip));
    return ok(request, null, 'user.payPasswordSaved');
  });

  app.post('/verify_pay', { schema: { ...auth, body: verifyPayBody } }, async (request) => {
    await users.checkPayPassword(db, currentUser(request).id, request.body.password_pay);
    return ok(request, { verified: true });
  });

  serve(app, 'user.languageList', async () => [...LANGUAGE_LIST]);

  serve(app, 'user.setLanguage', async ({ lang }, request) => {
    await users.setLanguage(db, currentUser(request).id, lang);
    return new Answer({ lang }, 'common.saved');
  });
};
