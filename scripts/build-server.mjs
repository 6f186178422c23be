// Bundles the server (with the bot it hosts) and the operator's command line into dist-server/,
// once per set of sources: `npm start` and `npm run admin` run these bundles.
//
// Node runs plain JavaScript: the TypeScript sources are bundled by esbuild (node_modules stay
// outside, imported as they are). Loading the sources through tsx's loader cost a process about
// 3 CPU-seconds before its first line ran, the bundle under one. dist-server/.sources holds a hash
// of the sources; a bundle of the same sources is only read. Several processes starting at once
// take a lock, and the one that builds writes a folder of its own and moves each file over its old
// self, so a server or command line starting meanwhile never loads half a bundle (one already
// running keeps what it loaded). `npm run server` still runs the sources through tsx, for development.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashFiles, STAMP, stampOf, withLock } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'dist-server');
const LOCK = path.join(root, '.build-server-lock');
const SOURCES = [
  'server',
  'bot',
  'common',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
];
/** The bundles and what each runs. */
const ENTRIES = { main: 'server/main.ts', admin: 'server/admin/cli.ts' };

export const serverSourcesHash = () => hashFiles(createHash('sha256'), SOURCES).digest('hex');

const builtHash = () => stampOf(SERVER_DIST);

async function bundle(hash) {
  const out = path.join(root, `.dist-server-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  const { build } = await import('esbuild');
  try {
    await build({
      entryPoints: ENTRIES,
      outdir: out,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Stack traces in the log name the source files (the server turns source maps on).
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'warning',
    });
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
  // Each file replaces its old self in one rename, the stamp last: a process starting meanwhile
  // loads a whole bundle, old or new, and never finds the folder missing.
  mkdirSync(SERVER_DIST, { recursive: true });
  for (const name of readdirSync(out)) renameSync(path.join(out, name), path.join(SERVER_DIST, name));
  rmSync(out, { recursive: true, force: true });
  writeFileSync(path.join(SERVER_DIST, `${STAMP}-${process.pid}`), `${hash}\n`);
  renameSync(path.join(SERVER_DIST, `${STAMP}-${process.pid}`), path.join(SERVER_DIST, STAMP));
}

/**
 * Bundles unless dist-server/ holds a bundle of exactly these sources; answers the path of the
 * bundle `entry` ('main' or 'admin'). It speaks on stderr: the command line's answers (JSON too)
 * are its stdout.
 */
export async function ensureServerBuilt(entry = 'main') {
  const hash = serverSourcesHash();
  if (builtHash() !== hash) {
    await withLock(LOCK, async () => {
      if (builtHash() === hash) return;
      console.error('Bundling the server…');
      await bundle(hash);
    });
  }
  return path.join(SERVER_DIST, `${entry}.mjs`);
}

/**
 * Runs bundle `entry` in this process, bundling it first when needed (`npm start` after the Mini
 * App's build check, `npm run admin`). A failed bundling ends the process with its message.
 */
export async function runServerBundle(entry) {
  let bundle;
  try {
    bundle = await ensureServerBuilt(entry);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  // Errors in the log point at the TypeScript sources, not at lines of the bundle.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureServerBuilt().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
