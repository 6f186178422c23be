import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The server as `npm start` runs it, without the Mini App's build check: the bundle of
 * scripts/build-server.mjs, which the global setup makes once per run. Run as `node SERVER_MAIN`,
 * a signal reaches the server itself.
 */
export const SERVER_MAIN = path.join(ROOT, 'dist-server', 'main.mjs');

/**
 * Node's flags for the server and command-line processes the tests start, which live for seconds:
 * V8 compiles the embedded database's WebAssembly with its baseline compiler only. Its optimising
 * tier pays off after minutes of queries; in a process of seconds it spends most of the CPU (a
 * PGlite start from the template and 300 queries: 5.1 CPU-seconds with it, 3.1 without). The
 * behaviour is the same; `npm start` and `npm run admin` keep V8's defaults.
 */
export const SHORT_LIVED_NODE = ['--liftoff-only'];

/** What a child process prints on stdout and stderr, as far as it has come. */
function collect(child: ChildProcess): { output(): string; errors(): string } {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (err += chunk));
  return { output: () => out, errors: () => err };
}

/** A server process the test started: its exit code once it ends, and what it has printed so far. */
export interface ServerRun {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  errors(): string;
}

/** `node SERVER_MAIN` with exactly `env` (and SHORT_LIVED_NODE), its output collected. */
export function spawnServer(env: NodeJS.ProcessEnv): ServerRun {
  const child = spawn(process.execPath, [...SHORT_LIVED_NODE, SERVER_MAIN], { cwd: ROOT, env });
  const printed = collect(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, ...printed };
}

export interface AdminRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * The operator's command line with `args` in a child process with exactly `env`: as
 * `npm run admin -- <args>` when `npm` is set (`silent` adds npm's `--silent`, which keeps npm's
 * own lines out of a JSON answer), else as the script that command runs (`node scripts/admin.mjs`),
 * one process instead of two. Answers the exit code and what it printed.
 */
export function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { npm?: boolean; silent?: boolean } = {},
): Promise<AdminRun> {
  const child = opts.npm
    ? spawn('npm', ['run', ...(opts.silent ? ['--silent'] : []), 'admin', '--', ...args], { cwd: ROOT, env })
    : spawn(process.execPath, [...SHORT_LIVED_NODE, 'scripts/admin.mjs', ...args], { cwd: ROOT, env });
  const printed = collect(child);
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, out: printed.output(), err: printed.errors() })),
  );
}
