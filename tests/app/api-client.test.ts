import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_LIST } from '../../common/language-list';
import en from '../../locales/en-US.json';
import zh from '../../locales/zh-CN.json';
import { useRealServer } from './support/server';
import { useApp } from '../support/use-app';
import { closedOrigin, startUpstream } from './support/upstream';

/**
 * The one HTTP client against the real API server: envelope, token and language headers,
 * duplicate-submit guard, time-out and transport messages.
 */
const server = useRealServer();

async function client(token = '') {
  const api = await import('../../src/api/client');
  const { toastState } = await import('../../src/components/toast-store');
  const onUnauthorized = vi.fn();
  api.configureClient({ getToken: () => token, onUnauthorized });
  return { ...api, toastState, onUnauthorized };
}

/** The rejection of a call, for asserting on its message and code. */
async function failure(call: Promise<unknown>): Promise<{ message: string; code: number; error?: string }> {
  try {
    await call;
  } catch (e) {
    return e as { message: string; code: number; error?: string };
  }
  throw new Error('the call did not fail');
}

const badInitData = { init_data: 'user=%7B%7D&hash=00' };

describe('API client: the answer envelope', () => {
  it('code 1 resolves with data', async () => {
    const { get } = await client();
    expect(await get('/api/user/language_list')).toEqual(LANGUAGE_LIST);
  });

  it('another code toasts the message and rejects with it', async () => {
    await server.api.register('taken_name');
    const { post, toastState } = await client();
    const error = await failure(
      post('/api/user/register', { account: 'taken_name', password: 'secret123' }, { isToken: false }),
    );
    expect(error).toMatchObject({ code: 0, message: en.errors.accountTaken, error: 'errors.accountTaken' });
    expect(toastState).toMatchObject({ visible: true, type: 'error', message: en.errors.accountTaken });
  });

  it('showError: false rejects without a toast', async () => {
    const { post, toastState } = await client();
    await failure(post('/api/user/tg_login', badInitData, { isToken: false, showError: false }));
    expect(toastState.visible).toBe(false);
  });

  it('code 401 for a logged-in user toasts and calls onUnauthorized (clear the session, go to /login)', async () => {
    const { get, onUnauthorized, toastState } = await client('unknown-token');
    const error = await failure(get('/api/user/getUserInfo'));
    expect(error).toMatchObject({ code: 401, message: en.errors.sessionExpired });
    expect(toastState.message).toBe(en.errors.sessionExpired);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('code 401 for a visitor (no token) does not call onUnauthorized', async () => {
    const { get, onUnauthorized } = await client('');
    const error = await failure(get('/api/user/getUserInfo'));
    expect(error).toMatchObject({ code: 401, message: en.errors.loginFirst });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('API client: headers', () => {
  it('sends the token in the "token" header', async () => {
    const { token } = await server.api.register('header_user');
    const { get } = await client(token);
    expect(await get('/api/user/getUserInfo')).toMatchObject({ account: 'header_user' });
  });

  it('does not send the token with isToken: false', async () => {
    const { token } = await server.api.register('no_token_user');
    const { get } = await client(token);
    const error = await failure(get('/api/user/getUserInfo', undefined, { isToken: false }));
    expect(error.message).toBe(en.errors.loginFirst);
  });

  it('sends the interface language in the "lang" header', async () => {
    await i18next.changeLanguage('ja-JP');
    const { post } = await client();
    const answer = await post<{ userinfo: { lang: string } }>(
      '/api/user/register',
      { account: 'lang_user', password: 'secret123' },
      { isToken: false },
    );
    expect(answer.userinfo.lang).toBe('ja-JP');
  });

  it('writes GET parameters as key=value', async () => {
    const { token } = await server.api.register('param_user');
    const { get } = await client(token);
    expect(await get('/api/user/set_language', { lang: 'ko-KR' })).toEqual({ lang: 'ko-KR' });
  });
});

describe('API client: duplicate-submit guard', () => {
  it('refuses the same POST URL and body within 1000 ms with the "net.repeat" message', async () => {
    const { post, toastState } = await client();
    const first = await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    expect(first.code).toBe(0); // answered by the server
    const second = await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    expect(second).toMatchObject({ code: -1, message: en.net.repeat });
    expect(toastState.message).toBe(en.net.repeat);
  });

  it('says so in Chinese with the zh-CN text (数据正在处理，请勿重复提交)', async () => {
    await (await import('../../src/i18n')).applyLanguage('zh-CN');
    const { post } = await client();
    await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    const second = await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    expect(second.message).toBe(zh.net.repeat);
    expect(second.message).toBe('数据正在处理，请勿重复提交');
  });

  it('refuses at 999 ms and allows again at 1000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { post } = await client();
    await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    vi.advanceTimersByTime(999);
    expect((await failure(post('/api/user/tg_login', badInitData, { isToken: false }))).code).toBe(-1);
    vi.advanceTimersByTime(1);
    expect((await failure(post('/api/user/tg_login', badInitData, { isToken: false }))).code).toBe(0);
  });

  it('allows a different body at once', async () => {
    const { post } = await client();
    await failure(post('/api/user/tg_login', badInitData, { isToken: false }));
    const other = await failure(post('/api/user/tg_login', { init_data: 'other' }, { isToken: false }));
    expect(other.code).toBe(0);
  });

  it('is skipped with repeatSubmit: false', async () => {
    const { post } = await client();
    const options = { isToken: false, repeatSubmit: false };
    await failure(post('/api/user/tg_login', badInitData, options));
    expect((await failure(post('/api/user/tg_login', badInitData, options))).code).toBe(0);
  });

  it('guards PUT as well', async () => {
    const { request } = await client();
    await failure(request({ method: 'put', url: '/api/user/profile', data: { a: 1 } }));
    const second = await failure(request({ method: 'put', url: '/api/user/profile', data: { a: 1 } }));
    expect(second).toMatchObject({ code: -1, message: en.net.repeat });
  });

  it('does not apply to GET', async () => {
    const { get } = await client();
    await get('/api/user/language_list');
    expect(await get('/api/user/language_list')).toEqual(LANGUAGE_LIST);
  });
});

describe('API client: time-out and transport messages', () => {
  const upstream = useApp(startUpstream);

  it('gives up after 10000 ms with the time-out message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { get, toastState } = await client();
    const arrived = upstream.arrived('/hang');
    let settled = false;
    const call = failure(get(`${upstream.origin}/hang`)).finally(() => (settled = true));
    await arrived;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toMatchObject({ code: -1, message: en.net.timeout });
    expect(toastState.message).toBe(en.net.timeout);
  });

  it('"Network Error" shows the connection message', async () => {
    const { get, toastState } = await client();
    // jsdom also logs the refused connection on stderr; that line is expected.
    const error = await failure(get(`${await closedOrigin()}/api/user/language_list`));
    expect(error.message).toBe(en.net.network);
    expect(toastState).toMatchObject({ visible: true, type: 'error', message: en.net.network });
  });

  it('a failed status shows the status message with its code (zh-CN: 系统接口502异常)', async () => {
    await (await import('../../src/i18n')).applyLanguage('zh-CN');
    const { get } = await client();
    const error = await failure(get(`${upstream.origin}/bad-gateway`));
    expect(error.message).toBe(zh.net.status.replace('{{code}}', '502'));
    expect(error.message).toBe('系统接口502异常');
  });

  it('a call the app called off rejects without a message or a toast', async () => {
    const { get, toastState } = await client();
    const aborted = AbortSignal.abort();
    const error = await failure(get('/api/user/language_list', undefined, { signal: aborted }));
    expect(error).toMatchObject({ code: -1, message: '' });
    expect(toastState.visible).toBe(false);
  });

  it("a refusal outside 2xx with an envelope shows the server's message", async () => {
    const { get, toastState } = await client();
    const error = await failure(get(`${upstream.origin}/refused`));
    expect(error).toMatchObject({ code: 0, message: 'Nein', error: 'errors.x' });
    expect(toastState.message).toBe('Nein');
  });
});
