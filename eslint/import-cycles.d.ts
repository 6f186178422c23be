import type { ESLint } from 'eslint';

/** The shop's own lint rules (import-cycles.js). */
declare const plugin: ESLint.Plugin;
export default plugin;
