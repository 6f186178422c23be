import type { z } from 'zod';
import { firstIssue } from '@app/api/first-issue';
import { t } from '../../i18n';

type UserSchemas = typeof import('@common/schemas/user');

/**
 * Validates with the same schema the server uses, picked from common/schemas/user.ts, which loads
 * with the first check and not with the screen (zod is the largest piece of a form, and the form
 * paints without it); answers the first message, translated, or null.
 */
export async function firstError(
  pick: (schemas: UserSchemas) => z.ZodType,
  values: unknown,
): Promise<string | null> {
  const issue = await firstIssue(async () => pick(await import('@common/schemas/user')), values);
  if (!issue) return null;
  const key = issue.message || 'errors.badRequest';
  return t(key as 'errors.badRequest', { field: issue.path.join('.') });
}
