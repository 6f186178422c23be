import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The fences the project's own lint config (eslint.config.js) holds, checked on code as a
 * newcomer might write it: the Mini App calls the API only through its client, and one server
 * module reaches another only through its face. (Cycles are checked in import-cycles.test.ts.)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint fences of eslint.config.js', () => {
  it.each(['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'])(
    'a screen using %s itself is refused: calls go through src/api/call.ts',
    async (name) => {
      const found = await problems(
        `export const open = () => new Object(${name});\n`,
        'src/features/cart/raw.ts',
      );
      expect(found).toEqual([expect.stringMatching(/^no-restricted-globals: .*src\/api\/call\.ts/)]);
    },
  );

  it('the one client may use fetch', async () => {
    expect(await problems(`export const open = () => fetch('/');\n`, 'src/api/transport.ts')).toEqual([]);
  });

  it("a server module importing another module's inner file is refused", async () => {
    const found = await problems(
      `import { moveMoney } from '../wallet/ledger';\nexport const move = moveMoney;\n`,
      'server/modules/cart/inner.ts',
    );
    expect(found).toEqual([expect.stringMatching(/^shop\/module-face: .*server\/modules\/wallet/)]);
  });
});
