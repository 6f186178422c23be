import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { appTexts } from './scripts/vite/app-texts.ts';
import { PATH_ALIASES } from './scripts/vite/aliases.ts';
import { chunkGroups } from './scripts/vite/chunks.ts';
import { SCREEN_PRELOADS_FILE, type ScreenPreloads } from './common/boot.ts';
import type { Lang } from './common/languages.ts';

/** Files worth compressing ahead of time, and the size under which compression does not pay. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, at the highest levels (done
 * once, not per request); the server answers them by Accept-Encoding (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Modules the first screen needs right after start-up, though the app loads them lazily. */
const FIRST_SCREEN = [/\/features\/catalog\/pages\/HomePage\.tsx$/, /\/locales\/en-US\.json\?first$/];
/** A screen's page module (common/screens.ts names it '<feature>/<Page>'). */
const PAGE_MODULE = /\/src\/features\/(\w+)\/pages\/(\w+Page)\.tsx$/;
/** The API client's transport, loaded with the first call (src/api/client.ts). */
const API_CLIENT = /\/src\/api\/transport\.ts$/;
/** A language's later texts (src/i18n/index.ts). */
const LATER_TEXTS = /\/locales\/([\w-]+)\.json\?later$/;

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The chunks of a bundle, and the closure of a chunk's static imports. */
function chunksOf(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const collect = (c: OutputChunk, into: Set<string>) => {
    if (into.has(c.fileName)) return;
    into.add(c.fileName);
    for (const imported of c.imports) {
      const next = byFile.get(imported);
      if (next) collect(next, into);
    }
  };
  /** The files the entry loads and those a screen's modules need, by the modules chunks hold. */
  const loadedBy = (matches: RegExp[]) => {
    const into = new Set<string>();
    for (const c of chunks) if (c.moduleIds.some((id) => matches.some((re) => re.test(id)))) collect(c, into);
    return into;
  };
  const entryFiles = new Set<string>();
  for (const c of chunks) if (c.isEntry) collect(c, entryFiles);
  const styles = (file: string) => [...((byFile.get(file) as ChunkWithCss).viteMetadata?.importedCss ?? [])];
  return { chunks, entryFiles, loadedBy, styles };
}

/**
 * Lets index.html name the home screen's lazy chunks (and their imports and styles) for preloading,
 * so a phone fetches them alongside the entry script instead of after it has run and logged in:
 * one round trip fewer before the first screen, with the entry script itself unchanged. The
 * screen's small stylesheet is linked outright (no second fetch when the chunk asks for it).
 *
 * For every other page, which the server writes itself (server/web/boot.ts), the build writes
 * SCREEN_PRELOADS_FILE instead: each screen's scripts and styles that index.html does not name, the
 * API client's, and each language's later texts, for the server to preload.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'shop-preload-first-screen',
    apply: 'build',
    generateBundle: {
      // After Vite's own pass, which drops chunks that held only CSS (their stylesheets go to their importers).
      order: 'post',
      handler(_options, bundle) {
        const { chunks, entryFiles, loadedBy, styles } = chunksOf(bundle);
        const inIndex = new Set([...entryFiles, ...loadedBy(FIRST_SCREEN)]);
        const code = (matches: RegExp[]) => {
          const scripts = [...loadedBy(matches)].filter((file) => !inIndex.has(file));
          return {
            scripts: scripts.map((file) => `/${file}`),
            styles: scripts.flatMap(styles).map((file) => `/${file}`),
          };
        };
        const screens: ScreenPreloads['screens'] = {};
        const laterTexts: ScreenPreloads['laterTexts'] = {};
        for (const c of chunks) {
          const page = c.facadeModuleId ? PAGE_MODULE.exec(c.facadeModuleId) : null;
          if (page) screens[`${page[1]}/${page[2]}`] = code([new RegExp(`${page[0].replace('.', '\\.')}$`)]);
          const lang = c.moduleIds.map((id) => LATER_TEXTS.exec(id)?.[1]).find(Boolean);
          if (lang) laterTexts[lang as Lang] = `/${c.fileName}`;
        }
        const preloads: ScreenPreloads = { screens, api: code([API_CLIENT]).scripts, laterTexts };
        this.emitFile({ type: 'asset', fileName: SCREEN_PRELOADS_FILE, source: JSON.stringify(preloads) });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const { entryFiles, loadedBy, styles } = chunksOf(bundle);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of loadedBy(FIRST_SCREEN)) {
          if (entryFiles.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
          // A stylesheet link, as Vite's lazy loader would add: it finds this one and adds none.
          for (const sheet of styles(file)) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${sheet}` },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), appTexts(), preloadFirstScreen(), precompress()],
  resolve: { alias: PATH_ALIASES },
  build: {
    target: 'es2022',
    // No polyfill for <link rel="modulepreload"> in the entry (0.6 KB gzipped): Telegram's Android
    // WebView (Chromium) and iOS 17's WebKit have it; an older WebKit only loses the head start,
    // since every module still loads through its import.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    // `vendor` holds every library start-up needs, in one file by design (scripts/vite/chunks.ts).
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Few files per screen (scripts/vite/chunks.ts).
          groups: chunkGroups(path.dirname(fileURLToPath(import.meta.url))),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/img': 'http://localhost:3000',
    },
  },
});
