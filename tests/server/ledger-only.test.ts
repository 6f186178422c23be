import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every change of a user's `balance` or `frozen` goes through moveMoney
 * (server/modules/wallet/ledger.ts). This suite reads the code and fails on any other place that
 * writes either column: a users update whose set names them (drizzle or SQL), a users insert that
 * gives them a value, or a set object built elsewhere and handed to a users update. The checker is
 * tested on snippets first, so it is known to catch what it claims.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['server', 'bot', 'scripts'];
const LEDGER = 'server/modules/wallet/ledger.ts';
const CODE = /\.(ts|mts|cts|js|mjs|cjs|sql)$/;

/** Whole-line comments go (they talk about the columns); code and strings stay. */
const withoutComments = (text: string) =>
  text
    .replace(/^\s*(\/\/|\/\*|\*|--).*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '));

/** The text from `open` (an opening parenthesis) to its closing one. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

const MONEY = /\b(balance|frozen)\b/;
const MONEY_KEY = /(?:^|[{,\s])["']?(balance|frozen)["']?\s*[:,}]/;
/** `.update(users)`, `.update(schema.users)`, `.update(t.users)` and the like. */
const DRIZZLE_UPDATE = /\.update\(\s*(?:\w+\.)?users\s*\)/g;
const DRIZZLE_INSERT = /\.insert\(\s*(?:\w+\.)?users\s*\)/g;
/** SQL text: update [only] [public.]users [alias] set ... (up to the where, the statement's end or the string's). */
const SQL_UPDATE =
  /\bupdate\s+(?:only\s+)?(?:\$\{\s*(?:\w+\.)?users\s*\}|(?:"?public"?\.)?"?users"?)(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b|\breturning\b|;|`|'|$)/gi;
const SQL_INSERT = /\binsert\s+into\s+(?:"?public"?\.)?"?users"?\s*\(([^)]*)\)/gi;

/** Every place in `text` that writes balance or frozen of users, as short descriptions. */
export function moneyWrites(text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(DRIZZLE_UPDATE)) {
    const rest = code.slice(m.index + m[0].length);
    const set = /^\s*\.set\(/.exec(rest);
    if (!set) continue;
    const args = balanced(rest, set[0].length - 1);
    if (MONEY_KEY.test(args) || /\bsql\s*`[^`]*\b(balance|frozen)\b/.test(args))
      found.push(`update(users).set${args.slice(0, 60)}`);
    // A set object made elsewhere: its name, then every write of a money field into it in this file.
    const name = /^\(\s*(\w+)\s*\)$/.exec(args)?.[1];
    if (name) {
      const intoIt = new RegExp(
        `\\b${name}\\s*(?:\\.\\s*(?:balance|frozen)\\s*[-+]?=(?!=)|\\[\\s*['"](?:balance|frozen)['"]\\s*\\]\\s*=)`,
      );
      const built = new RegExp(
        `\\b${name}\\b[^=;]*=\\s*\\{[^;]*?(?:^|[{,\\s])(?:balance|frozen)\\s*[:,}]`,
        'm',
      );
      if (intoIt.test(code) || built.test(code)) found.push(`update(users).set(${name}) with a money field`);
    }
  }
  for (const m of code.matchAll(DRIZZLE_INSERT)) {
    const rest = code.slice(m.index + m[0].length);
    const values = /^\s*\.values\(/.exec(rest);
    if (values && MONEY_KEY.test(balanced(rest, values[0].length - 1)))
      found.push('insert(users) with a money field');
  }
  for (const m of code.matchAll(SQL_UPDATE)) if (MONEY.test(m[1])) found.push(`SQL ${m[0].slice(0, 60)}`);
  for (const m of code.matchAll(SQL_INSERT)) if (MONEY.test(m[1])) found.push(`SQL ${m[0].slice(0, 60)}`);
  return found;
}

function files(dir: string): string[] {
  const full = path.join(ROOT, dir);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(rel);
    return CODE.test(e.name) ? [rel.split(path.sep).join('/')] : [];
  });
}

describe('the checker finds writes of balance and frozen', () => {
  it.each([
    ['a drizzle set', `await tx.update(users).set({ balance: 5 }).where(eq(users.id, 1));`],
    [
      'a drizzle set on its own lines',
      `await db\n  .update(users)\n  .set({\n    name,\n    frozen: sql\`\${users.frozen} - 1\`,\n  })`,
    ],
    ['a shorthand field', `const balance = 3;\nawait db.update(schema.users).set({ updatedAt, balance });`],
    ['a quoted key', `db.update(users).set({ 'balance': 0 })`],
    [
      'an expression naming the column',
      `db.update(users).set({ payFailCount: sql\`\${users.balance} * 0\` })`,
    ],
    [
      'a set object filled elsewhere',
      `const set: Partial<Row> = {};\nset.balance = 10;\nawait db.update(users).set(set);`,
    ],
    [
      'a set object built elsewhere',
      `const patch = { frozen: 0, lang };\nawait db.update(users).set(patch);`,
    ],
    ['an insert with a balance', `await db.insert(users).values({ account: 'x', balance: 100 });`],
    ['raw SQL', 'await db.execute(sql`update users set balance = balance + ${n} where id = ${id}`);'],
    ['raw SQL with the table object', 'sql`update ${users} u set frozen = 0 where u.id = 1`'],
    ['SQL in a migration', 'UPDATE "users" SET "balance" = 0;'],
    ['a quoted SQL string', "client.query('update public.users set frozen = 1 where id = $1', [id])"],
    ['an SQL insert', 'INSERT INTO users (account, balance) VALUES ($1, $2)'],
  ])('%s', (_label, snippet) => {
    expect(moneyWrites(snippet)).not.toEqual([]);
  });

  it.each([
    [
      'a set of other columns',
      `await db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, 1));`,
    ],
    ['reading the balance', `const [u] = await db.select({ balance: users.balance }).from(users);`],
    [
      'another table',
      `await tx.update(orders).set({ total: 5 });\nawait tx.update(shops).set({ balance: 1 });`,
    ],
    [
      'a comment',
      `// update users set balance = 0 is never done here\n/* .update(users).set({ balance }) */`,
    ],
    [
      'a set object without money',
      `const set = { lang };\nset.givenName = 'A';\nawait db.update(users).set(set);`,
    ],
    ['an answer field', `return { balance: toAmount(row.balance), frozen: toAmount(row.frozen) };`],
    ['SQL updating other columns', 'sql`update users set pay_fail_count = 0 where balance > 0`'],
  ])('and not %s', (_label, snippet) => {
    expect(moneyWrites(snippet)).toEqual([]);
  });
});

describe('only the ledger writes balance and frozen', () => {
  const scanned = SCANNED.flatMap(files);

  it('the scan reads the code (and finds the ledger itself writing them)', () => {
    expect(scanned.length).toBeGreaterThan(50);
    expect(scanned).toContain(LEDGER);
    expect(moneyWrites(readFileSync(path.join(ROOT, LEDGER), 'utf8'))).not.toEqual([]);
  });

  it(`no file under ${SCANNED.join('/, ')}/ other than ${LEDGER} writes them`, () => {
    const offenders = scanned
      .filter((f) => f !== LEDGER)
      .flatMap((f) => moneyWrites(readFileSync(path.join(ROOT, f), 'utf8')).map((w) => `${f}: ${w}`));
    expect(offenders).toEqual([]);
  });
});
