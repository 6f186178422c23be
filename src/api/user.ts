import type { Lang } from '../../common/languages';
import type { z } from 'zod';
import type {
  LoginAnswer,
  LoginBody,
  ProfileBody,
  RegisterBody,
  resetPayBody,
  resetPwdBody,
  UserInfo,
} from '../../common/schemas/user';
import { currentLang } from '../i18n';
import { call } from './call';
import { get, post } from './client';

/** The account calls (one small function per endpoint), typed by the schemas in common/. */
export const userApi = {
  login: (body: LoginBody) => post<LoginAnswer>('/api/user/login', body, { isToken: false }),
  register: (body: RegisterBody) => post<LoginAnswer>('/api/user/register', body, { isToken: false }),
  tgLogin: (initData: string, withToken = false) =>
    post<LoginAnswer>(
      '/api/user/tg_login',
      { init_data: initData },
      { isToken: withToken, showError: withToken },
    ),
  getUserInfo: () => get<UserInfo>('/api/user/getUserInfo'),
  logout: () =>
    post<null>(`/api/user/logout?lang=${encodeURIComponent(currentLang().toLowerCase())}`, undefined, {
      repeatSubmit: false,
      showError: false,
    }),
  profile: (body: ProfileBody) => post<UserInfo>('/api/user/profile', body),
  /** Changing needs `oldpassword`; a first one needs fresh proof (`init_data` or the login `password`). */
  resetPwd: (body: z.input<typeof resetPwdBody>) => post<null>('/api/user/resetpwd', body),
  resetPay: (body: z.input<typeof resetPayBody>) => post<null>('/api/user/resetPay', body),
  /** Ends every session of the shopper, this one included. */
  logoutAll: () => post<null>('/api/user/logout_all', undefined, { repeatSubmit: false }),
  verifyPay: (password_pay: string) => post<{ verified: boolean }>('/api/user/verify_pay', { password_pay }),
  languageList: () => call('user.languageList', {}, { showError: false }),
  setLanguage: (lang: Lang) => call('user.setLanguage', { lang }, { showError: false }),
  upload: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return post<{ url: string }>('/api/upload', form, { repeatSubmit: false, timeout: 30_000 });
  },
};
