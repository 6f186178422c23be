import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path aliases (`@app/…`, `@common/…`, `@server/…`, `@bot/…`, `@locales/…`) as Vite and the test
 * runner take them, read from their one home, tsconfig.json's `paths` (esbuild and tsx read them
 * there themselves). A file imports another room by its alias instead of climbing three or more
 * folders.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { paths } = (
  JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  }
).compilerOptions;

export const PATH_ALIASES = Object.entries(paths).map(([alias, [target]]) => ({
  find: new RegExp(`^${alias.replace(/\*$/, '')}`),
  replacement: `${path.join(root, target.replace(/\/\*$/, ''))}/`,
}));
