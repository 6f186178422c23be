import {
  preparePgliteTemplate,
  preparePostgresTemplate,
  removeOrphanTestDatabases,
  removeStalePgliteTemplates,
} from './db-template';
// @ts-expect-error: a plain ES module script, without types
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/**
 * Vitest's global setup, once per run before any test file: the migrated database templates that
 * every test file copies (tests/support/db.ts), after the leftovers of runs that were stopped; and
 * the server's bundle, which the tests that start the server or the command line as a process run
 * (tests/support/admin-cli.ts), as `npm start` and `npm run admin` do.
 */
export default async function setup(): Promise<void> {
  await (ensureServerBuilt as () => Promise<string>)();
  removeStalePgliteTemplates();
  await preparePgliteTemplate();
  const url = process.env.DATABASE_URL;
  if (url) {
    await removeOrphanTestDatabases(url);
    await preparePostgresTemplate(url);
  }
}
