import {
  preparePgliteTemplate,
  preparePostgresTemplate,
  removeOrphanTestDatabases,
  removeStalePgliteTemplates,
  removeWorkerDatabases,
} from './db-template';
// @ts-expect-error: a plain ES module script, without types
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/**
 * Vitest's global setup, once per run before any test file: the migrated database templates that
 * every test file copies (tests/support/db.ts), after the leftovers of runs that were stopped; and
 * the server's bundle, which the tests that start the server or the command line as a process run
 * (tests/support/admin-cli.ts), as `npm start` and `npm run admin` do.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await (ensureServerBuilt as () => Promise<string>)();
  removeStalePgliteTemplates();
  await preparePgliteTemplate();
  const url = process.env.DATABASE_URL;
  if (url) {
    await removeOrphanTestDatabases(url);
    await preparePostgresTemplate(url);
  }
  // The workers, started after this, name their kept databases by this process (tests/support/db.ts).
  process.env.SHOP_TEST_RUN_PID = String(process.pid);
  return async () => {
    if (url) await removeWorkerDatabases(url, process.pid);
  };
}
