import { beforeEach, describe, expect, it } from 'vitest';
import { firstNavigation, type ChainDeps } from '../../src/app/access';
import { useRealServer } from './support/server';

/**
 * On the first navigation with a token but no user info, user info is loaded. If that fails, a
 * logout is attempted and the user goes to /login. If logout also fails, the token is cleared and
 * the user goes to /.
 */
describe('session chain: the order of steps', () => {
  let steps: string[];
  const deps = (state: { token: boolean; info?: boolean }, fails: string[] = []): ChainDeps => {
    const step = (name: string) => async () => {
      steps.push(name);
      if (fails.includes(name)) throw new Error(`${name} failed`);
    };
    return {
      hasToken: () => state.token,
      hasUserInfo: () => Boolean(state.info),
      loadUserInfo: step('loadUserInfo'),
      logout: step('logout'),
      clearSession: step('clearSession'),
    };
  };
  beforeEach(() => {
    steps = [];
  });

  it('without a token nothing happens', async () => {
    expect(await firstNavigation(deps({ token: false }))).toBeUndefined();
    expect(steps).toEqual([]);
  });

  it('with a token and user info nothing is loaded again', async () => {
    expect(await firstNavigation(deps({ token: true, info: true }))).toBeUndefined();
    expect(steps).toEqual([]);
  });

  it('with a token, user info is loaded and the user stays', async () => {
    expect(await firstNavigation(deps({ token: true }))).toBeUndefined();
    expect(steps).toEqual(['loadUserInfo']);
  });

  it('when loading fails, logout is tried and the user goes to /login', async () => {
    expect(await firstNavigation(deps({ token: true }, ['loadUserInfo']))).toBe('/login');
    expect(steps).toEqual(['loadUserInfo', 'logout']);
  });

  it('when logout fails too, the session is cleared and the user goes to /', async () => {
    expect(await firstNavigation(deps({ token: true }, ['loadUserInfo', 'logout']))).toBe('/');
    expect(steps).toEqual(['loadUserInfo', 'logout', 'clearSession']);
  });
});

describe('session chain: with the real session store and server', () => {
  const server = useRealServer();

  /** The session store, with the client wired to it as the app's layout wires it. */
  async function sessionWithToken(token: string) {
    const store = await import('../../src/stores/session');
    const { configureClient } = await import('../../src/api/client');
    const { setStored } = await import('../../src/telegram/storage');
    configureClient({ getToken: () => store.session.token, onUnauthorized: () => void store.clearSession() });
    await setStored('token', token);
    await store.restoreSession();
    const deps: ChainDeps = {
      hasToken: () => Boolean(store.session.token),
      hasUserInfo: () => Boolean(store.session.userInfo),
      loadUserInfo: store.loadUserInfo,
      logout: store.logout,
      clearSession: store.clearSession,
    };
    return { ...store, deps };
  }

  it('a valid token loads user info and the user stays', async () => {
    const { token } = await server.api.register('chain_ok');
    const { deps, session } = await sessionWithToken(token);
    expect(await firstNavigation(deps)).toBeUndefined();
    expect(session.userInfo?.account).toBe('chain_ok');
    expect(session.token).toBe(token);
  });

  it('an unknown token fails to load (401 clears it), leaves nothing to log out, and the user goes to /login', async () => {
    const { deps, session } = await sessionWithToken('no-such-token');
    const { getStored } = await import('../../src/telegram/storage');
    expect(await firstNavigation(deps)).toBe('/login');
    expect(session.token).toBe('');
    expect(session.userInfo).toBeNull();
    expect(await getStored('token')).toBe('');
  });

  it('when only loading fails, the session is really logged out on the server and the user goes to /login', async () => {
    const { token } = await server.api.register('chain_logout');
    const { deps, session } = await sessionWithToken(token);
    const offline = { ...deps, loadUserInfo: () => Promise.reject(new Error('offline')) };
    expect(await firstNavigation(offline)).toBe('/login');
    expect(session.token).toBe('');
    const after = await server.api.endpoint('user.getUserInfo', { token });
    expect(after.code).toBe(401);
  });
});
