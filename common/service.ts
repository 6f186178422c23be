/**
 * Customer service's limits the app needs without the schemas (common/schemas/service.ts, and zod
 * under it, load with the first message sent, not with the screen).
 */

/** Longest text of one message (a Telegram caption holds 1024 characters with our prefix). */
export const SERVICE_TEXT_MAX = 900;
