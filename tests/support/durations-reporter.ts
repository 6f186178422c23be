import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes how long each test file took (import, setup, tests and hooks) to
 * test-results/durations-<run>.json, for `npm test` (scripts/test.mjs) to print the slowest files
 * of the whole run at its end. The run's name comes from SHOP_TEST_RUN (unit, e2e).
 */
export default class DurationsReporter implements Reporter {
  private readonly files: { project: string; file: string; ms: number }[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      ms: Math.round(
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      ),
    });
  }

  onTestRunEnd(): void {
    const dir = path.join(process.cwd(), 'test-results');
    mkdirSync(dir, { recursive: true });
    const run = process.env.SHOP_TEST_RUN ?? 'vitest';
    writeFileSync(path.join(dir, `durations-${run}.json`), `${JSON.stringify(this.files, null, 1)}\n`);
  }
}
