// `npm start`: makes sure dist/ holds a build of the current sources (building it once when it
// does not; see build.mjs), then runs the API server (which serves the app, the API and the bot)
// in this same process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  await ensureBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server', 'main.ts'));
