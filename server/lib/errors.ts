/**
 * Domain errors carry a translation key (locales/*.json) and the envelope code. The one error
 * handler in app.ts turns them into `{ code, msg, data }` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly code = 0,
    readonly status = 200,
  ) {
    super(key);
  }
}

/** No token, unknown token or expired session. */
export class UnauthorizedError extends AppError {
  constructor(key = 'errors.loginFirst') {
    super(key, {}, 401, 200);
  }
}

/** Something the shopper asked for does not exist, or is not theirs: both look the same. */
export class NotFoundError extends AppError {
  constructor(key = 'errors.notFound') {
    super(key, {}, 0, 200);
  }
}

/** Too many attempts: a transport-level refusal (HTTP 429) that still carries the envelope. */
export class TooManyError extends AppError {
  constructor(key: string, params: Record<string, string | number>) {
    super(key, params, 0, 429);
  }
}
