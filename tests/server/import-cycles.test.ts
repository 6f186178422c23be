import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import importCycles from '../../eslint/import-cycles.js';

/** The lint rules against import cycles and past a module's face (eslint/import-cycles.js), on small trees of files. */
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function lint(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { shop: importCycles },
        rules: {
          'shop/no-import-cycle': 'error',
          'shop/module-face': 'error',
          'shop/alias-over-climb': 'error',
        },
      },
    ],
  });
  const results = await eslint.lintFiles(['server/**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`));
}

describe('lint: no import cycle', () => {
  it('fails on two files importing each other', async () => {
    const messages = await lint({
      'server/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(messages).toContain(
      'server/lib/a.ts: Import cycle: server/lib/a.ts → server/lib/b.ts → server/lib/a.ts.',
    );
  });

  it('fails on two modules leaning on each other through different files', async () => {
    const messages = await lint({
      'server/modules/orders/detail.ts':
        "import { view } from '../refunds/view';\nexport const detail = view;\n",
      'server/modules/orders/stock.ts': 'export const stock = 1;\n',
      'server/modules/refunds/view.ts': 'export const view = 1;\n',
      'server/modules/refunds/apply.ts':
        "import { stock } from '../orders/stock';\nexport const apply = stock;\n",
    });
    expect(
      messages.some((m) =>
        m.startsWith(
          'server/modules/orders/detail.ts: Module cycle: server/modules/orders → server/modules/refunds → server/modules/orders',
        ),
      ),
    ).toBe(true);
  });

  it('passes one-way imports and type-only imports back', async () => {
    const messages = await lint({
      'server/modules/refunds/index.ts': "export type { Apply } from './types';\n",
      'server/modules/refunds/apply.ts': "import { stock } from '../orders';\nexport const apply = stock;\n",
      'server/modules/orders/index.ts': "export { stock } from './stock';\n",
      'server/modules/orders/stock.ts':
        "import type { Apply } from '../refunds';\nexport const stock = 1;\nexport type S = Apply;\n",
      'server/modules/refunds/types.ts':
        "import { stock } from '../orders';\nexport type Apply = typeof stock;\n",
    });
    expect(messages).toEqual([]);
  });
});

describe('lint: a server module through its face', () => {
  it('fails on a file of another module, passes its face and the module’s own files', async () => {
    const messages = await lint({
      'server/modules/orders/index.ts': "export { stock } from './stock';\n",
      'server/modules/orders/stock.ts': 'export const stock = 1;\n',
      'server/modules/orders/list.ts': "import { stock } from './stock';\nexport const list = stock;\n",
      'server/jobs/a.ts': "import { stock } from '../modules/orders/stock';\nexport const a = stock;\n",
      'server/jobs/b.ts': "import { stock } from '../modules/orders';\nexport const b = stock;\n",
    });
    expect(messages).toEqual([
      'server/jobs/a.ts: Import server/modules/orders (its face, index.ts), not server/modules/orders/stock: export what you need there.',
    ]);
  });
});

describe('lint: another room by its alias', () => {
  it('fails on climbing three folders into another room, passes the alias and short climbs', async () => {
    const messages = await lint({
      'common/money.ts': 'export const cents = 1;\n',
      'server/modules/orders/lib/a.ts':
        "import { cents } from '../../../../common/money';\nexport const a = cents;\n",
      'server/modules/orders/lib/b.ts': "import { cents } from '@common/money';\nexport const b = cents;\n",
      'server/modules/orders/c.ts': "import { a } from './lib/a';\nexport const c = a;\n",
    });
    expect(messages).toEqual([
      'server/modules/orders/lib/a.ts: Import @common/money instead of climbing three folders or more (../../../../common/money).',
    ]);
  });
});
