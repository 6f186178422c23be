import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_PASSWORD_HASH_COST } from '@server/config';
import { openDatabase } from '@server/db/client';
import { seedDemo } from '@server/demo/seed';
import { configurePasswords } from '@server/lib/passwords';
import { configurePayPins } from '@server/lib/pay-pins';
import { preparePgliteTemplate, removeStalePgliteTemplates } from '../../support/db-template';
import { stopShopsLeft } from './shop';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database with the demo shop seeded, as a data folder tarball (shop.ts). */
    demoTemplate: string;
    /** The run's own folder: its shops' data folders, and a file per running shop (shop.ts). */
    runFolder: string;
    /** The folder every shop of the run keeps its rendered demo pictures in (shop.ts). */
    pictureCache: string;
  }
}

/**
 * The browser suite's global setup, once per run: the migrated template, then a copy of it with the
 * demo shop seeded exactly as a shop started with DEMO_DATA=true seeds it (same code, same
 * development wallet key, the suite's hash cost), so that each file's shop starts on it instead of
 * seeding the catalogue again (about six seconds a start). The shop still runs its seed on start,
 * which finds everything there. Both this copy and the picture folder are the run's own and are
 * removed at its end.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  removeStalePgliteTemplates();
  const migrated = await preparePgliteTemplate();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-run-'));

  configurePasswords({ costLog2: TEST_PASSWORD_HASH_COST });
  configurePayPins(undefined);
  const database = await openDatabase({ load: new Blob([readFileSync(migrated)]) });
  try {
    await seedDemo(database.db);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const demoTemplate = path.join(folder, `demo-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(demoTemplate, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('demoTemplate', demoTemplate);
  } finally {
    await database.close();
  }
  project.provide('runFolder', folder);
  project.provide('pictureCache', path.join(folder, 'cache'));
  return async () => {
    await stopShopsLeft(folder);
    rmSync(folder, { recursive: true, force: true });
  };
}
