import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_LIST } from '@common/language-list';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import { pendingOrderCounts } from '../orders';
import { noteWriteAccess } from '../notifications';
import { login, register } from './login';
import type { ProofContext } from './proof';
import { botCodeSender, resetWithCode, sendForgotCode } from './forgot';
import { changePassword } from './passwords';
import { addPayDevice, listPayDevices, removePayDevice } from './pay-devices';
import { changePayPassword, checkPayPassword } from './pay-password';
import { setLanguage, toUserInfo, updateProfile } from './profile';
import { createSession, endSession, logOutEverywhere, type UserRow } from './sessions';
import { findOrCreateTelegramUser, linkTelegram, verifyInitData } from './telegram';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const proofContext = (address: string): ProofContext => ({
    botToken: app.config.BOT_TOKEN,
    initDataMaxAge: app.config.INIT_DATA_MAX_AGE,
    address,
  });

  /** The user info with the profile's order badges (unpaid, waiting delivery), one query. */
  const infoOf = async (user: UserRow) => toUserInfo(user, await pendingOrderCounts(db, user.id));

  const withSession = async (user: UserRow) => {
    const { token, expiresAt } = await createSession(db, user.id);
    return { userinfo: { ...(await infoOf(user)), token, expiresAt: expiresAt.toISOString() } };
  };

  serve(app, 'user.register', async (body, request) => {
    const user = await register(db, body, request.lang, request.ip);
    return new Answer(await withSession(user), 'user.registered');
  });

  serve(app, 'user.login', async ({ account, password }, request) => {
    const user = await login(db, account, password, request.ip, { demoData: app.config.DEMO_DATA });
    return new Answer(await withSession(user), 'user.loggedIn');
  });

  serve(app, 'user.tgLogin', async ({ init_data }, request) => {
    const tg = verifyInitData(init_data, app.config.BOT_TOKEN, app.config.INIT_DATA_MAX_AGE);
    const user = request.user
      ? await linkTelegram(db, request.user, tg)
      : await findOrCreateTelegramUser(db, tg);
    await noteWriteAccess(db, user.id, tg);
    return new Answer(await withSession(user), request.user ? 'user.telegramLinked' : 'user.loggedIn');
  });

  serve(app, 'user.getUserInfo', async (_none, request) => infoOf(currentUser(request)));

  serve(app, 'user.logout', async (_none, request) => {
    await endSession(db, request.token);
    return new Answer(null, 'user.loggedOut');
  });

  serve(
    app,
    'user.logoutAll',
    async (_none, request) =>
      new Answer(null, await logOutEverywhere(db, currentUser(request), request.token)),
  );

  serve(
    app,
    'user.profile',
    async (body, request) =>
      new Answer(
        await infoOf(await updateProfile(db, currentUser(request), body, app.config.DATA_DIR)),
        'common.saved',
      ),
  );

  serve(app, 'user.resetPwd', async (body, request) => {
    await changePassword(db, currentUser(request), body, proofContext(request.ip));
    return new Answer(null, 'user.passwordChanged');
  });

  serve(app, 'user.resetPay', async (body, request) => {
    await changePayPassword(db, currentUser(request), body, proofContext(request.ip));
    return new Answer(null, 'user.payPasswordSaved');
  });

  serve(app, 'user.verifyPay', async ({ password_pay }, request) => {
    await checkPayPassword(db, currentUser(request).id, password_pay);
    return { verified: true as const };
  });

  serve(app, 'user.payDevices', async (_none, request) => listPayDevices(db, currentUser(request).id));
  serve(
    app,
    'user.addPayDevice',
    async (body, request) =>
      new Answer(await addPayDevice(db, currentUser(request).id, body), 'security.biometricOn'),
  );
  serve(
    app,
    'user.removePayDevice',
    async ({ id }, request) =>
      new Answer(await removePayDevice(db, currentUser(request).id, id), 'security.biometricRemoved'),
  );

  const sendCode = botCodeSender(app.config);

  serve(app, 'user.forgotCode', async ({ account }, request) => {
    const answer = await sendForgotCode(db, sendCode, account, request.ip);
    return new Answer(answer, answer.via === 'telegram' ? 'bot.forgot.codeSent' : 'bot.forgot.useService');
  });

  serve(app, 'user.forgotReset', async (body, request) => {
    await resetWithCode(db, body, request.ip);
    return new Answer(null, 'bot.forgot.passwordReset');
  });

  serve(app, 'user.languageList', async () => [...LANGUAGE_LIST]);

  serve(app, 'user.setLanguage', async ({ lang }, request) => {
    await setLanguage(db, currentUser(request).id, lang);
    return new Answer({ lang }, 'common.saved');
  });
};
