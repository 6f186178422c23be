import {
  preparePgliteTemplate,
  preparePostgresTemplate,
  removeOrphanTestDatabases,
  removeStalePgliteTemplates,
} from './db-template';

/**
 * Vitest's global setup, once per run before any test file: the migrated database templates that
 * every test file copies (tests/support/db.ts), after the leftovers of runs that were stopped.
 */
export default async function setup(): Promise<void> {
  removeStalePgliteTemplates();
  await preparePgliteTemplate();
  const url = process.env.DATABASE_URL;
  if (url) {
    await removeOrphanTestDatabases(url);
    await preparePostgresTemplate(url);
  }
}
