// `npm test`: every check, in the order that keeps both cores busy, then what each step took and
// the ten slowest test files. The budget for the whole of `.ci/run` on a 2-core machine is ten
// minutes (README, "Tests").
//
// 1. The unit suites (server on PGlite and on PostgreSQL, the Mini App in jsdom, the bot), two
//    vitest workers, then the browser suite, two workers: each keeps both cores busy most of its
//    time, but not all of it (a worker waits on a spawned server, on Chromium, on the last file).
// 2. Beside both, from the start, the typecheck, ESLint and Prettier one after the other, at the
//    lowest CPU priority (nice 19): they take the time the suites leave free and yield the rest.
//    Measured on a 2-core machine: the unit suites leave about 49 CPU-seconds free, the browser
//    suite 36, the checks need about 110; run beside the browser suite at equal priority they
//    slowed it as much as they gained. Their output is printed whole when they end, so it never
//    interleaves with the suites'.
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
function npmRun(script, { buffered = false, env = {}, lowPriority = false } = {}) {
  const started = process.hrtime.bigint();
  const command = ['npm', 'run', '--silent', script];
  // `nice` is on Linux and macOS; elsewhere the checks run at the usual priority.
  if (lowPriority && process.platform !== 'win32') command.unshift('nice', '-n', '19');
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
    }
    // A command that cannot start at all (npm or nice missing) is a failed step, not a crash.
    child.on('error', (err) => (output += `${command[0]}: ${err.message}\n`));
    child.on('close', (code) =>
      resolve({
        step: script,
        code: code ?? 1,
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

const checksDone = inTurn(['typecheck', 'lint', 'format:check'], { buffered: true, lowPriority: true });
const results = [];
results.push(await npmRun('test:unit', { env: { SHOP_TEST_RUN: 'unit' } }));
results.push(await npmRun('test:e2e', { env: { SHOP_TEST_RUN: 'e2e' } }));
const checks = await checksDone;
for (const check of checks) {
  console.log(`\n── npm run ${check.step} (${check.code === 0 ? 'passed' : 'FAILED'}) ──`);
  process.stdout.write(check.output || '(no output)\n');
}
results.push(...checks);

const total = Number(process.hrtime.bigint() - started) / 1e9;
const pad = (s, n) => String(s).padEnd(n);
console.log('\nStep                       Seconds  Result');
for (const r of results)
  console.log(`${pad(r.step, 26)} ${pad(r.seconds.toFixed(1), 8)} ${r.code === 0 ? 'passed' : 'FAILED'}`);
console.log(`${pad('all (checks beside suites)', 26)} ${total.toFixed(1)}`);

const slowest = slowestFiles(10);
if (slowest.length > 0) {
  console.log('\nThe ten slowest test files (seconds, project, file):');
  for (const f of slowest) console.log(`${pad((f.ms / 1000).toFixed(1), 7)} ${pad(f.project, 10)} ${f.file}`);
}

const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) console.log(`\nFailed: ${failed.map((r) => r.step).join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
