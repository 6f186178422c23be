import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH_ALIASES } from '../../scripts/vite/aliases';

/**
 * Every screen brings the styles of what it shows. Vite puts a stylesheet in the chunk of the module
 * that imports it, so a class styled by a stylesheet that only another screen imports is unstyled
 * when its screen is opened first (the wallet's record tabs were raw grey buttons until an orders
 * screen had been opened). Read from the sources: for each screen (a module the app imports lazily),
 * every class its modules use that some stylesheet styles must be styled by a stylesheet the screen
 * imports itself (through its static imports) or one that the app's entry loads for every screen.
 */
const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
const files = walk(SRC);
const rel = (file: string) => path.relative(ROOT, file);

/** Class name -> the stylesheets with a rule selecting it. */
function styledClasses(): Map<string, Set<string>> {
  const styled = new Map<string, Set<string>>();
  for (const css of files.filter((f) => f.endsWith('.css'))) {
    const text = readFileSync(css, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selector] of text.matchAll(/([^{}]+)\{/g)) {
      if (selector.trim().startsWith('@')) continue;
      for (const [, name] of selector.matchAll(/\.([a-zA-Z_][\w-]*)/g)) {
        if (!styled.has(name)) styled.set(name, new Set());
        styled.get(name)!.add(css);
      }
    }
  }
  return styled;
}

function resolveImport(from: string, spec: string): string | null {
  const alias = PATH_ALIASES.find(({ find }) => find.test(spec));
  if (!alias && !spec.startsWith('.')) return null;
  const base = alias ? spec.replace(alias.find, alias.replacement) : path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const code = files.filter((f) => /\.tsx?$/.test(f));
const source = new Map(code.map((f) => [f, readFileSync(f, 'utf8')]));

/** A module's static imports (`import … from`, `export … from`, `import './x.css'`). */
const staticImports = new Map(
  code.map((file) => [
    file,
    [
      ...source
        .get(file)!
        .matchAll(/(?:import|export)\s[^'"()]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g),
    ]
      .map((m) => resolveImport(file, m[1] ?? m[2]))
      .filter((f): f is string => f !== null),
  ]),
);

/** Everything a module loads with it: its static imports, transitively, stylesheets included. */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports.get(file) ?? []) {
    if (next.endsWith('.css')) seen.add(next);
    else loadedWith(next, seen);
  }
  return seen;
}

/** The classes a module names in its className attributes that some stylesheet styles. */
function classesUsed(file: string, styled: Map<string, Set<string>>): Set<string> {
  const text = source.get(file)!;
  const used = new Set<string>();
  for (const m of text.matchAll(/className=(\{|"|')/g)) {
    let at = m.index + m[0].length;
    let value = '';
    if (m[1] === '{') {
      for (let depth = 1; at < text.length && depth > 0; at++) {
        if (text[at] === '{') depth++;
        if (text[at] === '}') depth--;
        value += text[at];
      }
    } else value = text.slice(at, text.indexOf(m[1], at));
    for (const [word] of value.matchAll(/[a-zA-Z_][\w-]*/g)) if (styled.has(word)) used.add(word);
  }
  return used;
}

describe('every screen brings its own styles', () => {
  const styled = styledClasses();
  const screens = new Set([
    // The route table's pages (src/app/routes.ts loads each lazily, by import.meta.glob).
    ...code.filter((file) => /[\\/]features[\\/]\w+[\\/]pages[\\/]\w+Page\.tsx$/.test(file)),
    // Anything else loaded lazily.
    ...code.flatMap((file) =>
      [...source.get(file)!.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)]
        .map((m) => resolveImport(file, m[1]))
        .filter((f): f is string => f !== null && /\.tsx?$/.test(f)),
    ),
  ]);
  const everywhere = [...loadedWith(path.join(SRC, 'main.tsx'))].filter((f) => f.endsWith('.css'));

  it('finds the screens and the stylesheets', () => {
    expect(screens.size).toBeGreaterThan(30);
    expect(styled.get('tab-strip')).toBeDefined();
    expect(everywhere.map(rel)).toContain('src/styles.css');
  });

  it('a class a screen shows is styled by a stylesheet the screen or the entry loads', () => {
    const unstyled: string[] = [];
    for (const screen of screens) {
      const loaded = loadedWith(screen);
      const sheets = new Set([...everywhere, ...[...loaded].filter((f) => f.endsWith('.css'))]);
      for (const file of [...loaded].filter((f) => f.endsWith('.tsx')))
        for (const name of classesUsed(file, styled)) {
          const where = [...styled.get(name)!];
          if (!where.some((sheet) => sheets.has(sheet)))
            unstyled.push(
              `${rel(screen)}: .${name} (${rel(file)}) is styled only in ${where.map(rel).join(', ')}`,
            );
        }
    }
    expect(unstyled).toEqual([]);
  });
});
