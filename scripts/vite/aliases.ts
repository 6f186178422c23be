import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path aliases of tsconfig.json (`@app/…`, `@common/…`, `@server/…`, `@bot/…`, `@locales/…`)
 * for Vite and the test runner, which do not read tsconfig's paths; esbuild (the server's bundle)
 * and tsx read them from tsconfig.json itself. A file imports another room by its alias instead of
 * climbing three or more folders.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const PATH_ALIASES = Object.entries({
  '@app': 'src',
  '@common': 'common',
  '@server': 'server',
  '@bot': 'bot',
  '@locales': 'locales',
}).map(([alias, dir]) => ({ find: new RegExp(`^${alias}/`), replacement: `${path.join(root, dir)}/` }));
