import type { FastifyReply, FastifyRequest } from 'fastify';
import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import type { Envelope } from '../../common/envelope';
import { CODE_OK } from '../../common/envelope';
import { UnauthorizedError } from './errors';
import { translate } from './i18n';

/** The success envelope, with its message in the request's language. */
export function ok<T>(request: FastifyRequest, data: T, msgKey = 'common.success'): Envelope<T> {
  return { code: CODE_OK, msg: translate(request.lang, msgKey), data };
}

/**
 * The route needs a logged-in shopper (request.user set by the session lookup). app.ts runs it as
 * an onRequest hook for every route declaring the token security, so it precedes validation.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user) return;
  if (request.headers.token) throw new UnauthorizedError('errors.sessionExpired');
  // Init data that did not hold (app.ts, telegramProof): stale or not signed for this bot.
  if (request.headers.authorization?.startsWith(`${TELEGRAM_AUTH_SCHEME} `))
    throw new UnauthorizedError('errors.initDataInvalid');
  throw new UnauthorizedError('errors.loginFirst');
}

/** The logged-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
