/** The answer envelope of every API call. code 1 = success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /**
   * On a failure, a stable key naming it (for example "errors.loginFailed"): clients decide by this,
   * never by the translated `msg`.
   */
  error?: string;
}

export const CODE_OK = 1;
export const CODE_FAIL = 0;
export const CODE_UNAUTHORIZED = 401;

/** Session length: the token is valid for 3 days on the server and in client storage. */
export const SESSION_DAYS = 3;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
