import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importCycles from './eslint/import-cycles.js';

const FEATURES = ['account', 'catalog', 'cart', 'orders', 'wallet', 'support', 'review'];
/** grammY stays in bot/ and server/telegram/ (server/telegram/bot-api.ts gives the rest what it needs). */
const GRAMMY_MESSAGE = 'Reach the Bot API through server/telegram/ (bot-api.ts).';
const GRAMMY = [{ name: 'grammy', message: GRAMMY_MESSAGE }];
const GRAMMY_PATTERNS = [{ group: ['grammy/*'], message: GRAMMY_MESSAGE }];
/** The server's imports: no grammY (but in server/telegram/), nor what the `also` patterns name. */
const serverImports = (...also) => ({
  'no-restricted-imports': ['error', { paths: GRAMMY, patterns: [...GRAMMY_PATTERNS, ...also] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      '.dist-*',
      'data',
      'node_modules',
      'test-results',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import closes a cycle, between files or between modules, and a server module is reached
    // only through its face (eslint/import-cycles.js).
    files: ['{server,src,common,bot,tests,scripts}/**/*.{ts,tsx}'],
    plugins: { shop: importCycles },
    rules: { 'shop/no-import-cycle': 'error', 'shop/module-face': 'error', 'shop/alias-over-climb': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One import statement per module (its values, and its types apart if need be).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // Configuration is parsed once (server/config.ts); nothing else reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/config.ts.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      // One HTTP client: only its transport (src/api/transport.ts) reaches the network, and no screen
      // calls past it (its rules: token, language, errors, idempotency, retries).
      // A query's key comes from its endpoint's name (queryKeyOf, endpointKeyOf: src/api/query-client.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Key a query by its endpoint: queryKeyOf(name, params, lang) or endpointKeyOf(name).',
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'Call the API through src/api/call.ts (the one client).',
        })),
      ],
    },
  },
  { files: ['src/api/transport.ts'], rules: { 'no-restricted-globals': 'off' } },
  // A feature may not reach into another feature (shared -> features -> app).
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: FEATURES.filter((f) => f !== feature).map((f) => ({
            group: [`**/features/${f}/**`, `../${f}/**`, `../../${f}/**`],
            message: 'Features do not import each other; move shared code to src/components or src/api.',
          })),
        },
      ],
    },
  })),
  {
    // Shared code (components, the app shell) never reaches into a feature; only the route table
    // (src/app/routes.ts) puts features together.
    files: [
      'src/components/**/*.{ts,tsx}',
      'src/app/**/*.{ts,tsx}',
      'src/api/**/*.ts',
      'src/telegram/**/*.ts',
    ],
    ignores: ['src/app/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/**'], message: 'Shared code does not import features.' }],
        },
      ],
    },
  },
  {
    // The bot's features take their dependencies from deps.ts, never from the bot's index (no cycle).
    files: ['bot/features/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['..', '../index', '../index.ts'] }] },
  },
  {
    // common/ is shared by the app, the server and the bot: it imports none of them.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src/**', '**/server/**', '**/bot/**', '@app/**', '@server/**', '@bot/**'] },
      ],
    },
  },
  {
    // One road to Telegram: the server reaches the Bot API through server/telegram/ only.
    files: ['server/**/*.ts'],
    ignores: ['server/telegram/**'],
    rules: serverImports(),
  },
  {
    // Demo data lives apart from the product (server/demo): db/ holds the client, schema and
    // migrations and imports no feature and no demo code.
    files: ['server/db/**/*.ts'],
    rules: serverImports({
      group: ['**/modules', '**/modules/**', '**/demo', '**/demo/**'],
      message: 'server/db/ holds the client, schema and migrations only; it imports no module or demo code.',
    }),
  },
  {
    // Product code never depends on demo data; only server/app.ts, server/main.ts and the seed
    // entry points (server/demo/) put the two together.
    files: ['server/modules/**/*.ts'],
    rules: serverImports({
      group: ['**/demo', '**/demo/**'],
      message: 'Product code does not import demo code (server/demo/).',
    }),
  },
  {
    files: ['server/config.ts', 'tests/**', 'scripts/**', '*.config.ts', '.ci/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
