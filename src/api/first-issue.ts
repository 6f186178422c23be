import type { z } from 'zod';

/** What a form check refused first: the schema's message (a locale key) and the field's path. */
export interface Issue {
  message: string;
  path: readonly PropertyKey[];
}

/**
 * The first issue of `values` against the schema `load` brings, or null when they pass. `load`
 * imports the schema module when the form is first checked, not with the screen (zod is the
 * largest piece of a form, and the form paints without it); each form translates the message its
 * own way.
 */
export async function firstIssue(load: () => Promise<z.ZodType>, values: unknown): Promise<Issue | null> {
  const result = (await load()).safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? '', path: issue?.path ?? [] };
}
