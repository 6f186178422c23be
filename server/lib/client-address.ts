import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address of a request the app has not seen (an answer replayed ahead of it), as
 * Fastify's `request.ip` tells it under the same `trustProxy` option (config.trustProxyOption):
 * the nearest address not trusted, reading X-Forwarded-For back from the connection's own.
 */
export function clientAddressOf(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  return (req) => {
    const addresses = proxyAddr.all(req, trusted);
    return addresses[addresses.length - 1] ?? '';
  };
}
