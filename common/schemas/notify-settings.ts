import { z } from 'zod';

/**
 * GET /api/user/notify_settings: which kinds of notification the bot sends to the shopper's
 * Telegram chat (orders, refunds, wallet), whether the account has a Telegram chat at all, and
 * whether the shopper blocked the bot (then nothing is sent until they write to it again), and
 * whether Telegram lets the bot write to them first (`botMayWrite`: false for a shopper who opened the
 * app by a direct link and never started the bot nor allowed it; the app then offers to ask).
 * Switching a kind off leaves it listed on /notification.
 */
export const notifySettingsAnswer = z.object({
  orders: z.boolean(),
  refunds: z.boolean(),
  wallet: z.boolean(),
  telegram: z.boolean(),
  blocked: z.boolean(),
  botMayWrite: z.boolean(),
  /** The app asked the shopper Telegram's question already (after an order): it asks once. */
  botWriteAsked: z.boolean(),
});

/**
 * POST /api/user/notify_settings: the kinds to change; those left out stay as they are.
 * `bot_write_allowed: true`: the shopper allowed the bot to write to them in Telegram's
 * `requestWriteAccess` (only true: a client cannot take back what Telegram granted; a bot the
 * shopper then blocks answers 403, which the outbox notes). `bot_write_asked: true`: the app asked
 * it (whatever the answer), so it does not ask after every order.
 */
export const notifySettingsBody = z.object({
  orders: z.boolean({ error: 'errors.badRequest' }).optional(),
  refunds: z.boolean({ error: 'errors.badRequest' }).optional(),
  wallet: z.boolean({ error: 'errors.badRequest' }).optional(),
  bot_write_allowed: z.literal(true, { error: 'errors.badRequest' }).optional(),
  bot_write_asked: z.literal(true, { error: 'errors.badRequest' }).optional(),
});
