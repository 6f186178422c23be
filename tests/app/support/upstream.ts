import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A misbehaving upstream for transport failures the real API never produces on purpose: a 502
 * from a proxy, a refusal outside 2xx, an answer that never comes. It answers CORS like a separate host would.
 */
export interface Upstream {
  origin: string;
  /** Resolves when a request for `path` has arrived. */
  arrived(path: string): Promise<IncomingMessage>;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const waiting = new Map<string, (req: IncomingMessage) => void>();
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'lang, token, content-type, idempotency-key');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    waiting.get(req.url ?? '')?.(req);
    if (req.url === '/bad-gateway')
      return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502</h1>');
    if (req.url === '/refused') {
      const envelope = { code: 0, msg: 'Nein', error: 'errors.x', data: null };
      return res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify(envelope));
    }
    if (req.url === '/hang') return void hanging.add(res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrived: (path) => new Promise((resolve) => waiting.set(path, resolve)),
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        // Idle keep-alive connections would hold close() up for the server's five-second timeout.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens. */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
