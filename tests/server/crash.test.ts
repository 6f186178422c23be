import { describe, expect, it } from 'vitest';
import { crashCheck } from '../../scripts/crash-check';
import { TEST_PASSWORD_HASH_COST } from '../../server/config';
import { SHORT_LIVED_NODE } from '../support/admin-cli';
import { migratedDataDir, postgresTemplateName } from '../support/db-template';

/**
 * A crash: 50 shoppers check out and pay against the real server (a child process) until
 * 25 payments are acknowledged, the server is killed with SIGKILL, started again on the same data,
 * and serves; every acknowledged payment is there and nothing is half made.
 */
describe('a server killed in the middle of checkouts and payments', () => {
  it('keeps every acknowledged payment, makes nothing by halves, and serves again', async () => {
    const report = await crashCheck({
      kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      databaseUrl: process.env.DATABASE_URL,
      shoppers: 50,
      killAfter: 25,
      hashCost: TEST_PASSWORD_HASH_COST,
      // The run's migrated template (tests/support/db-template.ts): migrating is not the subject.
      migrated: { pglite: (dir) => migratedDataDir(dir), postgresTemplate: postgresTemplateName() },
      nodeFlags: SHORT_LIVED_NODE,
    });
    expect(report.problems).toEqual([]);
    expect(report.acknowledged).toBeGreaterThanOrEqual(25);
    expect(report.paidAfterRestart).toBe(5);
  }, 240_000);
});
