import { CODE_FAIL, CODE_UNAUTHORIZED } from '../../common/envelope';

/**
 * Domain errors carry a translation key (locales/*.json), which is also the stable `error` key of
 * the answer, and named parameters for the message. The one error handler in app.ts turns them
 * into `{ code, msg, data: null, error }` in the request's language. Each class below fixes its
 * envelope code and HTTP status; nothing passes those as numbers.
 */
export class AppError extends Error {
  /** The envelope's code: a business failure. */
  readonly code: number = CODE_FAIL;
  /** Business failures answer HTTP 200; only transport faults use HTTP error statuses. */
  readonly status: number = 200;

  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** No token, unknown token or expired session: code 401. */
export class UnauthorizedError extends AppError {
  override readonly code = CODE_UNAUTHORIZED;

  constructor(key = 'errors.loginFirst') {
    super(key);
  }
}

/** Something the shopper asked for does not exist, or is not theirs: both look the same. */
export class NotFoundError extends AppError {
  constructor(key = 'errors.notFound') {
    super(key);
  }
}

/** Too many attempts: a transport-level refusal (HTTP 429) that still carries the envelope. */
export class TooManyError extends AppError {
  override readonly status = 429;
}

/**
 * An Idempotency-Key sent again with a different request: refused with HTTP 422 (as Stripe does),
 * never answered with the first request's result.
 */
export class KeyReusedError extends AppError {
  override readonly status = 422;

  constructor() {
    super('errors.idempotencyKeyReused');
  }
}

/** A resource outside the API envelope's world (a picture) that does not exist: HTTP 404. */
export class MissingResourceError extends AppError {
  override readonly status = 404;

  constructor(key = 'errors.notFound') {
    super(key);
  }
}

/** A request for a resource (not an API call) that can never be answered as asked: HTTP 400. */
export class BadResourceRequestError extends AppError {
  override readonly status = 400;
}
