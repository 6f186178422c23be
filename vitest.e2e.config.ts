import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './scripts/vite/aliases.ts';
import BrowserSequencer from './tests/e2e/support/sequencer.ts';

/** The browser suite: Debian's Chromium driven by playwright-core against the real server. */
export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    // Each file's time, for the slowest files `npm test` lists at its end (scripts/test.mjs).
    reporters: ['default', './tests/support/durations-reporter.ts'],
    // The database templates every file's shop starts on, and the run's picture folder.
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // A failed test prints its shop's last log lines.
    setupFiles: ['tests/e2e/support/failure-log.ts'],
    environment: 'node',
    // A worker runs its files in one module graph: playwright-core and the support modules load once
    // per worker, not once per file (the suite took 450 CPU-seconds so, 405 this way). Each file
    // still starts its own shop, fake Bot API and Chromium, and closes them in its afterAll.
    isolate: false,
    // Each file starts its own shop (port, data folder), fake Bot API and Chromium; a file waits on
    // the browser and the shop more than it computes, so two run at once.
    maxWorkers: 2,
    // The screen tour's short files first: they are among the longest (tests/e2e/support/sequencer.ts).
    sequence: { sequencer: BrowserSequencer },
    testTimeout: 120_000,
    // expect.poll waits as long as a locator does (Playwright's 30 s); vitest's own 1 s failed
    // checks on a loaded 2-core machine while the page was still loading.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 180_000,
  },
});
