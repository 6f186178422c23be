import { preparePgliteTemplate, preparePostgresTemplate, removeStalePgliteTemplates } from './db-template';

/**
 * Vitest's global setup, once per run before any test file: the migrated database templates that
 * every test file copies (tests/support/db.ts).
 */
export default async function setup(): Promise<void> {
  removeStalePgliteTemplates();
  await preparePgliteTemplate();
  if (process.env.DATABASE_URL) await preparePostgresTemplate(process.env.DATABASE_URL);
}
