import { z } from 'zod';

/**
 * GET /api/user/notify_settings: which kinds of notification the bot sends to the shopper's
 * Telegram chat (orders, refunds, wallet), whether the account has a Telegram chat at all, and
 * whether the shopper blocked the bot (then nothing is sent until they write to it again).
 * Switching a kind off leaves it listed on /notification.
 */
export const notifySettingsAnswer = z.object({
  orders: z.boolean(),
  refunds: z.boolean(),
  wallet: z.boolean(),
  telegram: z.boolean(),
  blocked: z.boolean(),
});

/** POST /api/user/notify_settings: the kinds to change; those left out stay as they are. */
export const notifySettingsBody = z.object({
  orders: z.boolean({ error: 'errors.badRequest' }).optional(),
  refunds: z.boolean({ error: 'errors.badRequest' }).optional(),
  wallet: z.boolean({ error: 'errors.badRequest' }).optional(),
});
