// Builds the Mini App into dist/, once per set of sources.
//
// The build is always a production build, whatever NODE_ENV says (vitest sets NODE_ENV=test, and
// Vite would then bundle React's development build: several times larger and slower). dist/.sources
// holds a hash of everything that changes the output: the sources, the mode and the VITE_
// variables the app reads. `npm start` calls ensureBuilt(): a build with the same hash is only
// read, never rebuilt (whatever the files' times say after a checkout); any other build, such as a
// development build left by an older version of this script, is rebuilt. Several instances starting
// at once take a lock; the one that builds writes into a folder of its own and swaps it in whole, so
// no process ever serves a half-written dist/. `npm run build` builds again unconditionally.
//
// SHOP_DIST names another folder to build into (the build's own test builds in a scratch folder, so
// it never replaces the dist/ that `npm start` serves).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'locales',
  'public',
  'common',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/vite',
  'package.json',
  'package-lock.json',
];
const DIST = process.env.SHOP_DIST ? path.resolve(process.env.SHOP_DIST) : path.join(root, 'dist');
/** The file in a build's folder that names the hash of what it was built from. */
export const STAMP = '.sources';
const LOCK = path.join(path.dirname(DIST), '.build-lock');
/** The only mode `npm start` serves. */
const MODE = 'production';
const STALE_LOCK_MS = 10 * 60 * 1000;
/** How long a new lock may go without its holder's pid before it counts as abandoned. */
const PID_WAIT_MS = 5000;

/** The files under `entry` (a file or folder of the shop), sorted, as paths from the shop's folder. */
export function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** A hash of every source file's path and content, the build's mode and the VITE_ variables. */
export function sourcesHash(mode = MODE) {
  const hash = createHash('sha256');
  hash.update(`mode=${mode}\0`);
  for (const name of Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${process.env[name]}\0`);
  }
  return hashFiles(hash, SOURCES).digest('hex');
}

/** Adds every file under `entries` (its path and content) to `hash`. */
export function hashFiles(hash, entries) {
  for (const file of entries.flatMap(files)) {
    hash
      .update(file.split(path.sep).join('/'))
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash;
}

/** The hash a build in `dir` was made of (its stamp), or undefined. */
export function stampOf(dir) {
  try {
    return readFileSync(path.join(dir, STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
}

const builtHash = () => stampOf(DIST);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/**
 * Whether a lock another process holds may be taken over: its holder died, or it is older than any
 * build, or it never got its holder's pid (PID_WAIT_MS). A lock released while it is looked at
 * (its files going as they are read) is not stale: the caller simply tries again.
 */
function staleLock(lock) {
  const age = () => Date.now() - statSync(lock).mtimeMs;
  try {
    const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    if (!pid) return age() > PID_WAIT_MS;
    return !alive(pid) || age() > STALE_LOCK_MS;
  } catch {
    try {
      return age() > PID_WAIT_MS;
    } catch {
      return false;
    }
  }
}

/**
 * An exclusive lock across processes (mkdir of `lock` is atomic); a holder that died leaves a lock
 * that is taken over. The server's bundle (build-server.mjs) takes one of its own.
 */
export async function withLock(lock, fn) {
  for (;;) {
    try {
      mkdirSync(lock);
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (staleLock(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      // Taken over as stale before its pid was written (PID_WAIT_MS): try again.
      if (e.code !== 'ENOENT') throw e;
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function build(hash) {
  const out = path.join(path.dirname(DIST), `.dist-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--mode', MODE, '--logLevel', 'warn', '--outDir', out, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: MODE } },
  );
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error(`vite build failed (exit ${result.status})`);
  }
  writeFileSync(path.join(out, STAMP), `${hash}\n`);
  // Swap: the old build moves aside and the new one takes its name, then the old one goes.
  const old = path.join(path.dirname(DIST), `.dist-old-${process.pid}`);
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(out, DIST);
  rmSync(old, { recursive: true, force: true });
}

/** Builds unless dist/ already holds a build of exactly these sources. Answers whether it built. */
export async function ensureBuilt({ force = false } = {}) {
  const hash = sourcesHash();
  if (!force && builtHash() === hash) return false;
  return withLock(LOCK, () => {
    // Another instance may have built these sources while this one waited.
    if (!force && builtHash() === hash) return false;
    console.log('Building the Mini App…');
    build(hash);
    return true;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuilt({ force: !process.argv.includes('--if-needed') }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
