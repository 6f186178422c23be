import type { z } from 'zod';
import { t } from '../../i18n';

/** Validates with the same schema the server uses; answers the first message, translated, or null. */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const key = result.error.issues[0]?.message ?? 'errors.badRequest';
  return t(key as 'errors.badRequest', { field: result.error.issues[0]?.path.join('.') ?? '' });
}
