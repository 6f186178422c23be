/**
 * Request headers of the contract beyond the session's `token` and `lang`. Kept free of zod (like
 * ./routes.ts) so the Mini App's HTTP client can import them without the schemas.
 */

/**
 * The calls that create orders or move money (merSubmit, merPay, pay) carry one key per intent of
 * the shopper: the same key answers the first result again and changes nothing twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * A call made inside Telegram while the silent login is still under way carries the launch's signed
 * init data as `Authorization: tma <init data>` (the Mini Apps' usual scheme) instead of waiting for
 * the session: the server checks it as the login does and answers as the shopper it names, so the
 * first screen's calls go out beside the login rather than after it.
 */
export const TELEGRAM_AUTH_SCHEME = 'tma';

/** The longest init data accepted, in a header or a login body. */
export const INIT_DATA_MAX_LENGTH = 8192;
