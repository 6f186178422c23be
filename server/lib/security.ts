import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Telegram's web clients (web.telegram.org/k, /a) embed the Mini App in an iframe. */
export const TELEGRAM_ORIGINS = [
  'https://telegram.org',
  'https://*.telegram.org',
  'https://web.telegram.org',
];

/**
 * Security headers on every answer (@fastify/helmet). The built app needs nothing inline: Vite
 * emits its script and styles as files, and React and telegram-ui set element styles through the
 * CSSOM (element.style), which style-src does not govern. The Telegram SDK would add an inline
 * <style> for styles the web client pushes into the frame; the app turns that off instead
 * (src/telegram/init.ts), so no 'unsafe-inline' is needed. Pictures are our own or data: URLs
 * (icons inlined by the build). Only Telegram's clients may frame the app; X-Frame-Options is left
 * out because it cannot name them and would overrule frame-ancestors in old browsers.
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
}
