// `npm test`: every check, in the order that keeps both cores busy, then what each step took and
// the ten slowest test files. The budget for the whole of `.ci/run` on a 2-core machine is ten
// minutes (README, "Tests").
//
// 1. The unit suites (server on PGlite and on PostgreSQL, the Mini App in jsdom, the bot), two
//    vitest workers: they use both cores on their own.
// 2. The browser suite, and beside it the typecheck, ESLint and Prettier one after the other: a
//    browser file waits on Chromium and the shop more than it computes, which leaves a core free.
//    The checks' output is printed whole when they end, so it never interleaves with the suite's.
//
// Every step runs even when an earlier one failed, so one run reports every failure; the exit
// code is 1 if any step failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(root, 'test-results');
const RUNS = ['unit', 'e2e'];

/** Runs `npm run <script>`; answers its exit code, seconds taken and (when buffered) its output. */
function npmRun(script, { buffered = false, env = {} } = {}) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
    }
    child.on('close', (code, signal) =>
      resolve({
        step: script,
        code: code ?? (signal ? 1 : 0),
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        output,
      }),
    );
  });
}

/** Steps one after another (each runs, whatever the previous one answered). */
async function inTurn(scripts, opts) {
  const results = [];
  for (const script of scripts) results.push(await npmRun(script, opts));
  return results;
}

function slowestFiles(count) {
  const files = RUNS.flatMap((run) => {
    const file = path.join(RESULTS, `durations-${run}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  });
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

const started = process.hrtime.bigint();
for (const run of RUNS) rmSync(path.join(RESULTS, `durations-${run}.json`), { force: true });

const results = [];
results.push(await npmRun('test:unit', { env: { SHOP_TEST_RUN: 'unit' } }));
const [e2e, checks] = await Promise.all([
  npmRun('test:e2e', { env: { SHOP_TEST_RUN: 'e2e' } }),
  inTurn(['typecheck', 'lint', 'format:check'], { buffered: true }),
]);
for (const check of checks) {
  console.log(`\n── npm run ${check.step} (${check.code === 0 ? 'passed' : 'FAILED'}) ──`);
  process.stdout.write(check.output || '(no output)\n');
}
results.push(e2e, ...checks);

const total = Number(process.hrtime.bigint() - started) / 1e9;
const pad = (s, n) => String(s).padEnd(n);
console.log('\nStep                       Seconds  Result');
for (const r of results)
  console.log(`${pad(r.step, 26)} ${pad(r.seconds.toFixed(1), 8)} ${r.code === 0 ? 'passed' : 'FAILED'}`);
console.log(`${pad('all (e2e beside the checks)', 26)} ${total.toFixed(1)}`);

const slowest = slowestFiles(10);
if (slowest.length > 0) {
  console.log('\nThe ten slowest test files (seconds, project, file):');
  for (const f of slowest) console.log(`${pad((f.ms / 1000).toFixed(1), 7)} ${pad(f.project, 10)} ${f.file}`);
}

const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) console.log(`\nFailed: ${failed.map((r) => r.step).join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
