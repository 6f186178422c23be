import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { EARLY_SCRIPT_SOURCE } from '../../server/web/early-answers';
import { useTestApp } from '../support/use-app';

let port = 0;
const LIMIT_S = 2;
const t = useTestApp({ REQUEST_TIMEOUT: LIMIT_S });
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

describe('security headers: on pages and API answers alike', () => {
  it.each(['/api/index/category', '/healthz', '/no-such-page'])('%s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    // Our own files, and the one inline script private pages carry, by its hash (first-page.test.ts).
    expect(directives['script-src']).toEqual(["'self'", EARLY_SCRIPT_SOURCE]);
    expect(EARLY_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:']);
    expect(directives['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.telegram.org']));
    expect(directives['frame-ancestors']).toEqual(
      expect.arrayContaining(['https://web.telegram.org', 'https://*.telegram.org']),
    );
    expect(directives['frame-ancestors']).not.toContain('*');
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // X-Frame-Options cannot name Telegram and would forbid its web client to frame the app.
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

/** Opens a raw connection; answers when (in ms since `start`) the server closed it. */
function connect(): Promise<{ socket: net.Socket; closed: Promise<number>; received: () => string }> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      resolve({
        socket,
        closed: new Promise((done) => socket.on('close', () => done(Date.now() - start))),
        received: () => received,
      }),
    );
    socket.on('data', (c) => (received += c.toString()));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('slow clients: a connection that dribbles its request is closed within the limit', () => {
  it('headers sent, then a body of 1000 bytes one byte every 200 ms', async () => {
    const c = await connect();
    c.socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => !c.socket.destroyed && c.socket.write('{'), 200);
    const ms = await c.closed;
    clearInterval(drip);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_S * 1000 - 100);
    expect(ms).toBeLessThan(LIMIT_S * 1000 + 2500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  }, 15_000);

  it('headers dribbled one line at a time (slowloris)', async () => {
    const c = await connect();
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    let n = 0;
    const drip = setInterval(() => !c.socket.destroyed && c.socket.write(`X-Slow-${n++}: 1\r\n`), 200);
    const ms = await c.closed;
    clearInterval(drip);
    expect(ms).toBeLessThan(LIMIT_S * 1000 + 2500);
  }, 15_000);

  it('twenty slow connections at once are all closed, and the server still answers', async () => {
    const conns = await Promise.all(Array.from({ length: 20 }, () => connect()));
    for (const c of conns)
      c.socket.write('POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc');
    const times = await Promise.all(conns.map((c) => c.closed));
    expect(Math.max(...times)).toBeLessThan(LIMIT_S * 1000 + 2500);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  }, 15_000);
});
