import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_SCRIPT_SOURCE } from '../web/early-answers';

/** Telegram's web clients (web.telegram.org/k, /a) embed the Mini App in an iframe. */
export const TELEGRAM_ORIGINS = [
  'https://telegram.org',
  'https://*.telegram.org',
  'https://web.telegram.org',
];

/**
 * Security headers on every answer (helmet's set). The built app needs nothing inline but the
 * page's early calls, allowed by their hash (server/web/early-answers.ts): Vite emits its script
 * and styles as files, and React and telegram-ui set element styles through the
 * CSSOM (element.style), which style-src does not govern. The Telegram SDK would add an inline
 * <style> for styles the web client pushes into the frame; the app turns that off instead
 * (src/telegram/init.ts), so no 'unsafe-inline' is needed. Pictures are our own or data: URLs
 * (icons inlined by the build). Only Telegram's clients may frame the app; X-Frame-Options is left
 * out because it cannot name them and would overrule frame-ancestors in old browsers.
 */
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", EARLY_SCRIPT_SOURCE],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...TELEGRAM_ORIGINS],
      frameAncestors: TELEGRAM_ORIGINS,
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  frameguard: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets with these options, worked out once: none depends on the request (no
 * nonces), and the Fastify plugin ran helmet anew on every request, parsing the policy each time
 * (a tenth of a catalogue answer's time).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function securityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders(HELMET);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
