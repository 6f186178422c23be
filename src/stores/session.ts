import { proxy } from 'valtio';
import { matchLang, pickLang, type Lang } from '../../common/languages';
import type { LoginAnswer, UserInfo } from '../../common/schemas/user';
import { EARLY_GLOBAL, SESSION_KEPT_KEY, type EarlyAnswers } from '../../common/boot';
import { SESSION_MS } from '../../common/envelope';
import { configureClient } from '../api/client';
import { loginSettled, loginUnderWay } from '../api/session-wait';
import { userApi } from '../api/user';
import { applyLanguage, currentLang } from '../i18n';
import { tgEnv } from '../telegram/env';
import { deleteStored, getStored, setStored } from '../telegram/storage';

/** The session: token, userInfo, backData, setting.lang. */
export interface SessionState {
  token: string;
  userInfo: UserInfo | null;
  /** Extra data merged in over time (a page hands values to the next one). */
  backData: Record<string, unknown>;
  setting: { lang: Lang };
}

export const session = proxy<SessionState>({
  token: '',
  userInfo: null,
  backData: {},
  setting: { lang: 'en-US' },
});

// Every call carries the session's token from the first one on: a screen's first request may go
// out before the app frame has set the client up (child effects run before their parent's).
configureClient({ getToken: () => session.token });

const TOKEN_KEY = 'token';
const LANG_KEY = 'lang';

/**
 * Notes until when this phone keeps a session (none: 0). The pages of private screens then make no
 * early calls of their own (server/web/early-answers.ts): those are for a first visit.
 */
function noteSessionKept(until: number): void {
  try {
    localStorage.setItem(SESSION_KEPT_KEY, String(until));
  } catch {
    // No localStorage: the pages' early calls go out, and the app asks again with its session.
  }
}

/** Reads the stored token and language choice; answers the language to start in. */
export async function restoreSession(): Promise<Lang> {
  const [token, stored] = await Promise.all([getStored(TOKEN_KEY), getStored(LANG_KEY)]);
  session.token = token;
  // Its end is at most a session's length away.
  if (token) noteSessionKept(Date.now() + SESSION_MS);
  const lang = pickLang({ stored, telegram: tgEnv.languageCode });
  session.setting.lang = lang;
  return lang;
}

export async function saveLogin(answer: LoginAnswer): Promise<void> {
  const { token, expiresAt, ...info } = answer.userinfo;
  session.token = token;
  session.userInfo = info;
  await setStored(TOKEN_KEY, token, Date.parse(expiresAt));
  noteSessionKept(Date.parse(expiresAt));
  await followUserLanguage(info.lang);
}

/** Logout, an invalid token and a finished password reset all end here. */
export async function clearSession(): Promise<void> {
  session.token = '';
  session.userInfo = null;
  session.backData = {};
  noteSessionKept(0);
  await deleteStored(TOKEN_KEY);
}

/** User info carrying another language switches the interface (the saved language wins). */
async function followUserLanguage(lang: string | undefined) {
  const wanted = matchLang(lang);
  if (wanted && wanted !== currentLang()) await changeLanguage(wanted, { save: false });
}

export async function loadUserInfo(): Promise<UserInfo> {
  const info = await userApi.getUserInfo();
  session.userInfo = info;
  await followUserLanguage(info.lang);
  return info;
}

/**
 * Ends the session on the server (through `send`, a screen's write; by default the plain call) and
 * here; with no token there is nothing to end.
 */
export async function logout(send: () => Promise<unknown> = userApi.logout): Promise<void> {
  // A silent login still on its way would store its session after this one ended: it ends too.
  await loginSettled();
  if (!session.token) return clearSession();
  try {
    await send();
  } finally {
    await clearSession();
  }
}

/** "Log out everywhere": every session of the shopper ends on the server, then this one here. */
export async function logoutEverywhere(send: () => Promise<unknown> = userApi.logoutAll): Promise<void> {
  await loginSettled();
  await send();
  await clearSession();
}

/** Switches language without reload; stored for 3 days and saved on the account when logged in. */
export async function changeLanguage(lang: Lang, { save = true } = {}): Promise<void> {
  await applyLanguage(lang);
  session.setting.lang = lang;
  await setStored(LANG_KEY, lang);
  if (save && session.token) {
    await userApi.setLanguage(lang).catch(() => undefined);
    if (session.userInfo) session.userInfo.lang = lang;
  }
}

export function mergeBackData(data: Record<string, unknown>) {
  Object.assign(session.backData, data);
}

let telegramLoginUnderWay: Promise<boolean> | undefined;

/**
 * Inside Telegram: log in silently with the launch's init data when no session is stored. A call
 * while one is under way shares it (start-up begins it before the first render, the app frame
 * then waits for it).
 */
export function telegramLogin(): Promise<boolean> {
  if (!tgEnv.inTelegram || !tgEnv.initDataRaw || session.token) return Promise.resolve(false);
  if (telegramLoginUnderWay) return telegramLoginUnderWay;
  const login = userApi.tgLogin(tgEnv.initDataRaw).then((answer) => {
    // The page's early answers (common/boot.ts) are this Telegram account's, as is this session.
    const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_GLOBAL];
    if (early) early.token = answer.userinfo.token;
    return saveLogin(answer);
  });
  // Calls that need a session go meanwhile with its init data rather than without a token.
  loginUnderWay(login, tgEnv.initDataRaw);
  const done = login.then(
    () => true,
    () => false,
  );
  telegramLoginUnderWay = done;
  void done.then(() => (telegramLoginUnderWay = undefined));
  return done;
}
