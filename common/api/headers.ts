/**
 * Request headers of the contract beyond the session's `token` and `lang`. Kept free of zod (like
 * ./routes.ts) so the Mini App's HTTP client can import them without the schemas.
 */

/**
 * The calls that create orders or move money (merSubmit, merPay, pay) carry one key per intent of
 * the shopper: the same key answers the first result again and changes nothing twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
