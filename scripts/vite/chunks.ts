import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/**
 * How the Mini App's code is cut into files. A phone on HTTP/1.1 (six connections, and on slow 4G
 * about 150 ms for each request a connection takes in turn) pays a round trip for every file past
 * the first six, so what a screen needs comes in few files. Left to itself the bundler makes a file
 * of every module two lazily loaded screens share: the orders list needed 13 files beyond start-up
 * (one per UI component, hook and helper, 1-2 KB each) and painted after the last of them.
 *
 * - `vendor`: the libraries start-up imports (React, the router, i18next, the Telegram SDK, the
 *   query library, and the UI kit's every component the app uses, all behind telegram-ui's one
 *   index): every screen uses them, each component was a file of its own, and libraries in a file
 *   apart from our code never import it (no cycle for the bundler to break by cutting more files).
 * - `start`: our own code start-up loads (the entry's imports), in one file beside the entry's few
 *   lines (left to itself the bundler made a file of each module a screen shares with start-up).
 * - `home`: the part of the home screen's code that start-up does not load (the first screen of
 *   most launches: it comes beside the entry, preloaded by index.html).
 * - `<feature>-shared`: what two or more screens of one feature share; `screens-shared`: what
 *   screens of several features share.
 * - `forms`: zod and the shared schemas (the forms load it with their first check, through a lazy
 *   import, so their first paint does not wait for it).
 * - Each page keeps what only it uses in its own file.
 *
 * So start-up is five files (the entry, the bundler's runtime, `vendor`, `start`, the language's
 * first texts) where it was fourteen, and a screen beyond home adds its page, its feature's shared
 * file and the screens' shared file: 3-6 files where it added up to 19.
 */
const LIBRARY = /[\\/]node_modules[\\/]/;
/** A screen's page module (common/screens.ts names it '<feature>/<Page>'), the target of a lazy import. */
const PAGE_MODULE = /[\\/]src[\\/]features[\\/](\w+)[\\/]pages[\\/]\w+Page\.tsx$/;
/** The form library and the schemas the app shares with the server. */
const FORM_RULES = /[\\/]node_modules[\\/]zod[\\/]|[\\/]common[\\/]schemas[\\/]/;

/** The static imports reachable from `starts`; `follow` also takes a module's lazy imports it accepts. */
function reachable(ctx: ChunkingContext, starts: string[], follow: (lazy: string) => boolean = () => false) {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter(follow));
  }
  return seen;
}

/** Each module's file by the rules above, worked out once from the module graph. */
function plan(ctx: ChunkingContext, root: string): Map<string, string> {
  const entry = path.join(root, 'src/main.tsx');
  const home = path.join(root, 'src/features/catalog/pages/HomePage.tsx');
  // What start-up loads, whichever screen opens: the entry's imports and the lazy ones that are not
  // screens (the HTTP transport, language files, …), which keep their own files.
  const startUp = reachable(ctx, [entry], (lazy) => !PAGE_MODULE.test(lazy));
  const everything = reachable(ctx, [entry], () => true);
  const pages = [...everything].filter((id) => PAGE_MODULE.test(id));
  // Each page's own static graph, walked once for the two questions below.
  const pageModules = new Map(pages.map((page) => [page, reachable(ctx, [page])]));
  const files = new Map<string, string>();
  for (const id of reachable(ctx, [entry])) {
    if (LIBRARY.test(id)) files.set(id, 'vendor');
    else if (id !== entry) files.set(id, 'start');
  }
  for (const id of reachable(ctx, [home])) if (!startUp.has(id) && !files.has(id)) files.set(id, 'home');
  // Which screens use each module that start-up and home do not load.
  const usedBy = new Map<string, Set<string>>();
  for (const [page, modules] of pageModules) {
    for (const id of modules) {
      if (startUp.has(id) || files.has(id) || id.startsWith('\0')) continue;
      (usedBy.get(id) ?? usedBy.set(id, new Set()).get(id))?.add(page);
    }
  }
  // The form library and schemas in one file, whether a screen imports them or a form's first check does.
  for (const id of everything) if (FORM_RULES.test(id) && !files.has(id)) files.set(id, 'forms');
  for (const [id, users] of usedBy) {
    if (files.has(id) || users.size < 2) continue;
    const features = new Set([...users].map((page) => PAGE_MODULE.exec(page)?.[1]));
    files.set(id, features.size === 1 ? `${[...features][0]}-shared` : 'screens-shared');
  }
  return files;
}

/** The bundler's groups for the files above. */
export function chunkGroups(root: string): CodeSplittingGroup[] {
  let files: Map<string, string> | undefined;
  return [
    {
      name: (id: string, ctx: ChunkingContext) => (files ??= plan(ctx, root)).get(id) ?? null,
      debugName: 'screens',
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}
