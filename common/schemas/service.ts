import { z } from 'zod';
import { SERVICE_TEXT_MAX } from '../service';
import { id, limit, page, pagedOf, PENDING_UPLOAD } from './fields';

/**
 * Customer service: one conversation per shopper with the shop (GET /api/user/service_list,
 * POST service_send, service_read) and, for operators only, every conversation (GET services,
 * service_thread; POST service_reply, service_read with a user_id). Lists are newest last and
 * walk by message id: `after_id` asks what came since (the screen polls with it), `before_id`
 * an older page.
 */

export { SERVICE_TEXT_MAX };

const cursorId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  id('errors.notFound').optional(),
);

export const serviceListQuery = z.object({
  after_id: cursorId,
  before_id: cursorId,
  limit: limit(30),
});

export const serviceThreadQuery = serviceListQuery.extend({ user_id: id('service.notFound') });

const text = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'service.textInvalid' })
    .max(SERVICE_TEXT_MAX, { error: 'service.textTooLong' })
    .default(''),
);
const picture = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'service.pictureInvalid' })
    .regex(PENDING_UPLOAD, { error: 'service.pictureInvalid' })
    .optional(),
);

/** A message needs a text, a picture, or both. */
export const serviceSendBody = z
  .object({ text, picture })
  .refine((b) => b.text !== '' || b.picture !== undefined, { error: 'service.empty' });

export const serviceReplyBody = z
  .object({ user_id: id('service.notFound'), text, picture })
  .refine((b) => b.text !== '' || b.picture !== undefined, { error: 'service.empty' });

/** Marks the other side's messages read: the shopper's own conversation, or (operators) `user_id`'s. */
export const serviceReadBody = z.object({ user_id: id('service.notFound').optional() });

export const servicesQuery = z.object({ page, limit: limit(20) });

// ---------- answers ----------

export const serviceMessage = z.object({
  id: z.number().int(),
  author: z.enum(['shopper', 'operator']),
  text: z.string(),
  picture: z.string().nullable(),
  createdAt: z.string(),
  /** Read by the other side. */
  read: z.boolean(),
});
export type ServiceMessage = z.infer<typeof serviceMessage>;

export const serviceListAnswer = z.object({
  /** Oldest first. */
  list: z.array(serviceMessage),
  /** Older messages exist before the first of `list` (only for a page without `after_id`). */
  hasOlder: z.boolean(),
  /** Messages from the other side not read yet. */
  unread: z.number().int(),
});
export type ServiceListAnswer = z.infer<typeof serviceListAnswer>;

export const serviceThread = z.object({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  last: serviceMessage,
  /** The shopper's messages no operator has read. */
  unread: z.number().int(),
});
export type ServiceThread = z.infer<typeof serviceThread>;

export const servicesAnswer = pagedOf(serviceThread);
export type ServicesAnswer = z.infer<typeof servicesAnswer>;
