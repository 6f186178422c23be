import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shop's folder (the one with package.json), where the server finds the files it reads at run
 * time: the built Mini App, the locale files, the migrations and the HEIC worker. Found by walking
 * up from this module, so it is the same from the sources (server/lib/) and from the bundle that
 * `npm start` runs (dist-server/, scripts/build-server.mjs).
 */
function shopRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT = shopRoot(path.dirname(fileURLToPath(import.meta.url)));
