import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `shop/no-import-cycle`: an import that closes a cycle fails lint, between files and between
 * modules (a server domain `server/modules/<name>/`, an app feature `src/features/<name>/`). A cycle
 * between modules means two rooms each lean on the other: one of them, or the piece both need, is
 * in the wrong place. Type-only imports do not count (they leave nothing at run time).
 *
 * The graph is read once per lint run from the files on disk (the code's own relative imports).
 */
const ROOTS = ['server', 'src', 'common', 'bot'];
const SOURCE = /\.(ts|tsx)$/;
/** A static import or re-export (a lazy `import()` makes no cycle: it runs after both have loaded). */
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** `server/modules/orders`, `src/features/cart`, or undefined for a file in no module. */
function moduleOf(file) {
  const match = /^(server\/modules|src\/features)\/([^/]+)\//.exec(file);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

function sourceFiles(root, dir) {
  const full = path.join(root, dir);
  let names;
  try {
    names = readdirSync(full);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'migrations') return [];
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(root, rel);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The path aliases of the project's tsconfig.json (`@app/` -> `src/`), their one home. */
const ALIASES = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), 'utf8'))
      .compilerOptions.paths,
  ).map(([alias, [target]]) => [alias.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')]),
);

/** An import's target as a path from the repository's root, before extensions are tried. */
function targetOf(from, spec) {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (alias) return ALIASES[alias] + spec.slice(alias.length);
  if (!spec.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
}

function resolve(files, from, spec) {
  const target = targetOf(from, spec);
  if (target === undefined) return undefined;
  const base = target.replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
    files.has(f),
  );
}

let graph;
/**
 * The source files, each one's value imports (paths from the repository's root), and the modules'
 * edges with a witness.
 */
function graphOf(root) {
  if (graph?.root === root) return graph;
  const files = new Set(ROOTS.flatMap((dir) => sourceFiles(root, dir)));
  const imports = new Map();
  const moduleEdges = new Map();
  for (const file of files) {
    const deps = new Set();
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      const target = resolve(files, file, match[2]);
      if (!target) continue;
      deps.add(target);
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (from && to && from !== to) {
        const edges = moduleEdges.get(from) ?? moduleEdges.set(from, new Map()).get(from);
        if (!edges.has(to)) edges.set(to, `${file} imports ${target}`);
      }
    }
    imports.set(file, deps);
  }
  graph = { root, files, imports, moduleEdges };
  return graph;
}

/** A path from `start` to `goal` along `next`, or undefined. */
function pathBetween(start, goal, next) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === goal) {
      const steps = [];
      for (let at = node; at !== undefined; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const to of next(node))
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
  }
  return undefined;
}

/**
 * A rule that looks at every import and re-export of a file: `checkerOf(file, context)` answers the
 * check for one (`node`, its specifier), or nothing for a file the rule leaves alone. `lazy`: lazy
 * `import()`s too.
 */
function importRule(meta, checkerOf, { lazy = false } = {}) {
  return {
    meta: { schema: [], ...meta },
    create(context) {
      const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
      const check = checkerOf(file, context);
      if (!check) return {};
      const visit = (node) => {
        if (node.source) check(node, String(node.source.value));
      };
      return {
        ImportDeclaration: visit,
        ExportNamedDeclaration: visit,
        ExportAllDeclaration: visit,
        ...(lazy ? { ImportExpression: visit } : {}),
      };
    },
  };
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

const cycleRule = importRule(
  {
    type: 'problem',
    docs: { description: 'Forbid imports that close a cycle between files or between modules' },
    messages: {
      files: 'Import cycle: {{cycle}}.',
      modules:
        'Module cycle: {{cycle}} ({{witness}}). Move what both need below them, or turn one edge around.',
    },
  },
  (file, context) => {
    if (!ROOTS.some((dir) => file.startsWith(`${dir}/`))) return undefined;
    return (node, spec) => {
      if (typeOnly(node)) return;
      const { files, imports, moduleEdges } = graphOf(context.cwd);
      const target = resolve(files, file, spec);
      if (!target) return;
      const back = pathBetween(target, file, (f) => imports.get(f) ?? []);
      if (back) {
        context.report({ node, messageId: 'files', data: { cycle: [file, ...back].join(' → ') } });
        return;
      }
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (!from || !to || from === to) return;
      const modulePath = pathBetween(to, from, (m) => moduleEdges.get(m)?.keys() ?? []);
      if (!modulePath) return;
      const witness = moduleEdges.get(modulePath[0])?.get(modulePath[1]) ?? '';
      context.report({
        node,
        messageId: 'modules',
        data: { cycle: [from, ...modulePath].join(' → '), witness },
      });
    };
  },
);

/**
 * `shop/module-face`: outside a server module (`server/modules/<name>/`) only its face, the module's
 * `index.ts`, is imported: what the rest of the server may use of a module is listed in one place,
 * and its other files can change without reaching past it. Tests may reach a module's files.
 */
const faceRule = importRule(
  {
    type: 'problem',
    docs: { description: 'Import a server module through its face (index.ts), never one of its files' },
    messages: { face: 'Import {{module}} (its face, index.ts), not {{file}}: export what you need there.' },
  },
  (file, context) => {
    if (!file.startsWith('server/')) return undefined;
    return (node, spec) => {
      const target = targetOf(file, spec);
      const match = target && /^server\/modules\/([^/]+)\/(.+)$/.exec(target);
      if (!match || match[2] === 'index' || match[2] === 'index.ts') return;
      if (file.startsWith(`server/modules/${match[1]}/`)) return;
      context.report({
        node,
        messageId: 'face',
        data: { module: `server/modules/${match[1]}`, file: target },
      });
    };
  },
);

/**
 * `shop/alias-over-climb`: a file reaches another room by its alias (ALIASES, tsconfig.json), not by
 * climbing three or more folders.
 */
const aliasRule = importRule(
  {
    type: 'suggestion',
    docs: { description: 'Import another room by its path alias, not with three or more ../' },
    messages: { climb: 'Import {{alias}} instead of climbing three folders or more ({{spec}}).' },
  },
  (file, context) => (node, spec) => {
    if (!/^(\.\.\/){3,}/.test(spec)) return;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const alias = Object.keys(ALIASES).find((a) => target.startsWith(ALIASES[a]));
    if (!alias) return;
    context.report({
      node,
      messageId: 'climb',
      data: { alias: alias + target.slice(ALIASES[alias].length), spec },
    });
  },
  { lazy: true },
);

export default {
  rules: { 'no-import-cycle': cycleRule, 'module-face': faceRule, 'alias-over-climb': aliasRule },
};
