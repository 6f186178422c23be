import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appTexts } from './scripts/vite/app-texts.ts';
import { PATH_ALIASES } from './scripts/vite/aliases.ts';

/**
 * Suites: the server on embedded PGlite, the same server suites again on PostgreSQL when
 * DATABASE_URL is set, the Mini App in jsdom, and the bot. The browser suite has its own config.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Server files whose subject is not SQL run on one database only. The embedded database's own
 * process lock runs on PGlite; random malformed requests, HTTP headers and slow clients (fixed
 * waits), the first page and picture work on PostgreSQL when it is there, else on PGlite. Every
 * money file (checkout, wallet, ledger, refunds, properties, crash, concurrency, EXPLAIN) runs on
 * both.
 */
const PGLITE_ONLY = ['tests/server/process.test.ts'];
/** Several server processes on one database: PostgreSQL's alone (the embedded one is one process's). */
const POSTGRES_ONLY = ['tests/server/processes.test.ts'];
const ONE_DATABASE = [
  'tests/server/import-cycles.test.ts',
  'tests/server/fuzz.test.ts',
  'tests/server/http-security.test.ts',
  'tests/server/readable-log.test.ts',
  'tests/server/first-page.test.ts',
  // How answers go out compressed, and replayed: the same bytes whichever database made them.
  'tests/server/compression.test.ts',
  'tests/server/answer-replay.test.ts',
  // Picture work (HEIC decoding, the sized variants): the database only keeps a row per file.
  'tests/server/upload-heic.test.ts',
  'tests/server/catalog-images.test.ts',
  // A signature check and a border lookup: the database only holds the shopper.
  'tests/server/address-telegram.test.ts',
  // Input refused before any query, and the published contract (routes, statuses, schemas).
  'tests/server/http-bad-input.test.ts',
  'tests/server/http-contract.test.ts',
  'tests/server/contract.test.ts',
  // No database at all: configuration, texts, money arithmetic, parsers, source-reading rules.
  ...[
    'config',
    'i18n',
    'languages',
    'money',
    'checkout-amounts',
    'catalog-spec-labels',
    'catalog-vocabulary',
    'querystring',
    'ledger-only',
  ].map((name) => `tests/server/${name}.test.ts`),
];

/** The Mini App's files, in jsdom: in a plain browser and inside the mocked Telegram client. */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const APP_FILES = readdirSync(path.join(ROOT, 'tests/app'), { recursive: true })
  .map((f) => `tests/app/${String(f)}`)
  .filter((f) => /\.test\.tsx?$/.test(f));

export default defineConfig({
  // The app's language files split as the build splits them, so its tests see what a browser gets.
  plugins: [react(), appTexts()],
  resolve: { alias: PATH_ALIASES },
  test: {
    // Each file's time, for the slowest files `npm test` lists at its end (scripts/test.mjs).
    reporters: ['default', './tests/support/durations-reporter.ts'],
    // The migrated database templates every test file copies (tests/support/db.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // Test files are independent (each its own database, port and folders): both cores work.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: onPostgres ? [...ONE_DATABASE, ...POSTGRES_ONLY] : POSTGRES_ONLY,
          environment: 'node',
          isolate: false,
          // One PGlite per worker, emptied between files (tests/support/db.ts).
          env: { TEST_DB: 'pglite', TEST_DB_REUSE: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                include: ['tests/server/**/*.test.ts'],
                exclude: PGLITE_ONLY,
                environment: 'node',
                isolate: false,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'app',
          include: APP_FILES,
          environment: 'jsdom',
          // Worker threads, not processes: a thread sets up jsdom and imports the app (and most the
          // server) faster (alone: 173 s in processes, 149 s in threads). The server projects stay
          // in processes (the operator socket sets umask).
          pool: 'threads',
          setupFiles: ['tests/app/setup.ts'],
          // A bound, not a retry: a journey takes 2-8 s here, and up to 16 s when two suites share
          // the cores.
          testTimeout: 30_000,
          // One jsdom and one load of node_modules for all the files of a worker: the 59 files took
          // 121 s alone with a worker for each file of the mocked Telegram client, 61 s so. Each test still imports the app
          // afresh (tests/app/setup.ts), and with it the Telegram SDK, inlined here so that it is
          // reset too: it keeps what it learnt of its client (launch parameters, mounted
          // components) for as long as it is loaded. The shared document moves to each file's
          // server in tests/app/support/server.ts.
          isolate: false,
          server: { deps: { inline: [/@telegram-apps\//] } },
          // The files' servers keep one database per worker, emptied between files
          // (tests/support/db.ts): on PostgreSQL where it is there (the server's SQL is the server
          // suites' subject, on both databases; PostgreSQL in WebAssembly cost these files half
          // their CPU: alone 53 s so, 29 s on PostgreSQL), else on PGlite.
          env: { TEST_DB_REUSE: '1', ...(onPostgres ? { TEST_DB: 'postgres' } : {}) },
        },
      },
      {
        extends: true,
        test: { name: 'bot', include: ['tests/bot/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
