import type { Lang } from '../../common/languages';
import { currentLang } from '../i18n';
import { call, type Params } from './call';

/**
 * Previews of the pictures uploaded in this session, by the `url` the upload answered: a picture is
 * private until something takes it, so a form shows it through its signed `preview` link.
 */
const previews = new Map<string, string>();
/** How to show an upload's `url` in a form: its preview (or the url itself, once public). */
export const uploadPreview = (url: string): string => previews.get(url) ?? url;

/**
 * The account calls the session and several screens share (one small function per endpoint), by
 * their names in the contract (common/api); a screen's own writes go through useEndpointMutation.
 */
export const userApi = {
  tgLogin: (initData: string, withToken = false) =>
    call('user.tgLogin', { init_data: initData }, { isToken: withToken, showError: withToken }),
  getUserInfo: () => call('user.getUserInfo', {}),
  logout: () => call('user.logout', undefined, logoutOptions()),
  /** Ends every session of the shopper, this one included. */
  logoutAll: () => call('user.logoutAll', undefined, { repeatSubmit: false }),
  verifyPay: (password_pay: string) => call('user.verifyPay', { password_pay }),
  languageList: () => call('user.languageList', {}, { showError: false }),
  setLanguage: (lang: Lang) => call('user.setLanguage', { lang }, { showError: false }),
  /** Which notifications the bot sends to Telegram; a failed read shows nothing rather than a toast. */
  notifySettings: () => call('notify.settings', {}, { showError: false }),
  saveNotifySettings: (body: Params<'notify.saveSettings'>) =>
    call('notify.saveSettings', body, { repeatSubmit: false }),
  upload: async (file: Blob) => keptPreview(await call('upload.image', pictureForm(file), UPLOAD_OPTIONS)),
};

/** A logout's client options: in the shopper's language, and quiet (the session ends here anyway). */
export const logoutOptions = () => ({
  params: { lang: currentLang().toLowerCase() },
  repeatSubmit: false,
  showError: false,
});

/** How a picture is sent to POST /api/upload: one file, a longer wait than other calls. */
export const UPLOAD_OPTIONS = { repeatSubmit: false, timeout: 30_000 };
export function pictureForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** An upload's answer, its preview remembered for uploadPreview. */
export function keptPreview<A extends { url: string; preview: string }>(answer: A): A {
  previews.set(answer.url, answer.preview);
  return answer;
}
