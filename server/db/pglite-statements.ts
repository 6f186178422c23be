import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite's queries as named prepared statements, each sent to the database in one call.
 *
 * PGlite runs a query as six calls into the database (parse, describe the statement, bind,
 * describe the portal, execute, sync), parsing and planning its text every time. Here a query's
 * text is parsed and described once (its parameter and column types kept beside its name), then
 * every run is one call: bind, execute, sync. That halves what a small statement costs the
 * server's one thread. The answers are PGlite's own: the same parsers and serializers by type,
 * the same rows, fields and counts, the same errors (with the query and its parameters).
 */
interface Statement {
  name: string;
  params: number[];
  fields: { name: string; dataTypeID: number }[];
}

/** What the extended protocol's answers look like once PGlite has parsed them. */
interface Message {
  name: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
}

/** The inner parts of PGlite this uses (public methods, named as internal). */
interface Inner {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, type?: number) => unknown>;
}

/** Statements kept at most; past it they are all dropped and prepared again as they come. */
const MAX_STATEMENTS = 2000;

const encoder = new TextEncoder();

/** One frontend message: its type byte, its length, its body. */
function message(type: string, parts: Uint8Array[]): Uint8Array {
  const header = new Uint8Array(5);
  header[0] = type.charCodeAt(0);
  new DataView(header.buffer).setInt32(1, 4 + parts.reduce((sum, p) => sum + p.length, 0));
  return concat([header, ...parts]);
}

const cString = (text: string) => {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};

const int16 = (value: number) => {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, value);
  return out;
};

const int32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, value);
  return out;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const SYNC = message('S', []);
/** Execute the unnamed portal, every row. */
const EXECUTE = message('E', [cString(''), int32(0)]);

const parse = (name: string, text: string) => message('P', [cString(name), cString(text), int16(0)]);
const describeStatement = (name: string) => message('D', [new Uint8Array([83]), cString(name)]);

/** Bind `values` (text, or null) to statement `name` in the unnamed portal; answers in text. */
function bind(name: string, values: (string | null)[]): Uint8Array {
  const parts = [cString(''), cString(name), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) {
      parts.push(int32(-1));
      continue;
    }
    const bytes = encoder.encode(value);
    parts.push(int32(bytes.length), bytes);
  }
  parts.push(int16(0));
  return message('B', parts);
}

/** The error PGlite's query would throw: the database's, with the query and its parameters. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'code' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** `pg` with `query` and `transaction` running their queries as prepared statements. */
export function preparedStatements(pg: PGlite): PGlite {
  const inner = pg as unknown as Inner;
  const statements = new Map<string, Statement>();
  let made = 0;

  async function prepare(text: string): Promise<Statement> {
    if (statements.size >= MAX_STATEMENTS) {
      await pg.execProtocol(message('Q', [cString('deallocate all')]), { syncToFs: false });
      statements.clear();
    }
    const name = `s${made++}`;
    const { messages } = (await pg.execProtocol(concat([parse(name, text), describeStatement(name), SYNC]), {
      syncToFs: false,
    })) as { messages: Message[] };
    const params = messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    const described = messages.find((m) => m.name === 'rowDescription')?.fields ?? [];
    const fields = (described as { name: string; dataTypeID: number }[]).map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
    }));
    const statement = { name, params, fields };
    statements.set(text, statement);
    return statement;
  }

  function answer(messages: Message[], statement: Statement, options: QueryOptions | undefined): Results {
    const parsers = options?.parsers;
    const parseOf = statement.fields.map(
      (f) => parsers?.[f.dataTypeID] ?? inner.parsers[f.dataTypeID] ?? ((value: string) => value),
    );
    const asArray = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m.fields as (string | null)[]).map((v, i) =>
          v === null ? null : parseOf[i](v, statement.fields[i].dataTypeID),
        );
        rows.push(asArray ? values : Object.fromEntries(values.map((v, i) => [statement.fields[i].name, v])));
      } else if (m.name === 'commandComplete') {
        const words = (m.text ?? '').split(' ');
        const count = parseInt(words[words.length - 1], 10);
        command = words[0];
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0])) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    return {
      rows,
      fields: statement.fields,
      ...(command === undefined ? {} : { command }),
      affectedRows,
      ...(rowCount === undefined ? {} : { rowCount }),
    } as Results;
  }

  async function run(text: string, params: unknown[] = [], options?: QueryOptions, inTransaction = false) {
    return inner._runExclusiveQuery(async () => {
      try {
        const statement = statements.get(text) ?? (await prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = statement.params[i];
          const serialize = options?.serializers?.[type] ?? inner.serializers[type];
          return serialize ? serialize(value) : String(value as string);
        });
        const { messages } = (await pg.execProtocol(concat([bind(statement.name, values), EXECUTE, SYNC]), {
          syncToFs: false,
        })) as { messages: Message[] };
        if (!inTransaction) await pg.syncToFs();
        return answer(messages, statement, options);
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
    });
  }

  /** DISCARD ALL and DEALLOCATE drop prepared statements: they are prepared again as they come. */
  const forgets = (text: string) => /^\s*(discard|deallocate)\b/i.test(text);

  const query = async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (forgets(text)) {
      statements.clear();
      return pg.query(text, params, options);
    }
    return inner._runExclusiveTransaction(() => run(text, params, options));
  };

  const exec = async (text: string, options?: QueryOptions) => {
    const results = await pg.exec(text, options);
    if (forgets(text.replace(/^(\s*--[^\n]*\n)*/, ''))) statements.clear();
    return results;
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pg.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, key, receiver) {
            if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
            return (text: string, params?: unknown[], options?: QueryOptions) => {
              if (target.closed) throw new Error('Transaction is closed');
              return run(text, params, options, true);
            };
          },
        }),
      ),
    );

  return new Proxy(pg, {
    get(target, key, receiver) {
      if (key === 'query') return query;
      if (key === 'exec') return exec;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, receiver) as unknown;
      // PGlite's methods reach its private fields: they run on PGlite itself, not on this proxy.
      return typeof value === 'function' && key !== 'constructor'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
