import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

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
const FIRST_SCREEN = [/\/features\/catalog\/pages\/HomePage\.tsx$/, /\/locales\/en-US\.json$/];

/**
 * Lets index.html name the home screen's lazy chunks (and their imports and styles) for preloading,
 * so a phone fetches them alongside the entry script instead of after it has run and logged in:
 * one round trip fewer before the first screen, with the entry script itself unchanged. The
 * screen's small stylesheet is linked outright (no second fetch when the chunk asks for it).
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'shop-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entryFiles = new Set<string>();
        const collect = (c: OutputChunk, into: Set<string>) => {
          if (into.has(c.fileName)) return;
          into.add(c.fileName);
          for (const imported of c.imports) {
            const next = byFile.get(imported);
            if (next) collect(next, into);
          }
        };
        for (const c of chunks) if (c.isEntry) collect(c, entryFiles);
        const wanted = new Set<string>();
        for (const c of chunks) {
          if (c.facadeModuleId && FIRST_SCREEN.some((re) => re.test(c.facadeModuleId as string)))
            collect(c, wanted);
        }
        const tags: HtmlTagDescriptor[] = [];
        for (const file of wanted) {
          if (entryFiles.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
          const css = (byFile.get(file) as OutputChunk & { viteMetadata?: { importedCss: Set<string> } })
            .viteMetadata?.importedCss;
          // A stylesheet link, as Vite's lazy loader would add: it finds this one and adds none.
          for (const sheet of css ?? []) {
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
  plugins: [react(), preloadFirstScreen(), precompress()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
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
