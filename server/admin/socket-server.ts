import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { adminRequest, adminSocketPath, MAX_REQUEST_BYTES, type AdminAnswer } from './protocol';
import { runRequest } from './run';
import { connectTo } from './socket-client';
import { takeLock } from '../db/lock';

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 103;

export interface AdminSocket {
  path: string;
  /** Stops taking requests, waits for those running; the socket file goes with the server. */
  close(): Promise<void>;
}

/**
 * The server's end of `npm run admin`: a Unix socket in the data folder, readable and writable by
 * the server's OS user only (0600), never on the public port. A socket file no process answers on
 * is a leftover of a crash and is replaced; of several server processes on one DATA_DIR (possible
 * with PostgreSQL) the one holding `admin.sock.lock` serves it. Answers undefined when this process
 * serves no socket (that is logged, and the HTTP server runs regardless).
 */
export async function startAdminSocket(opts: {
  dataDir: string;
  database: Database;
  log: Logger;
}): Promise<AdminSocket | undefined> {
  const file = adminSocketPath(opts.dataDir);
  const log = opts.log.child({ socket: file });
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn('DATA_DIR is too deep for a Unix socket path: `npm run admin` cannot reach this server');
    return undefined;
  }
  mkdirSync(opts.dataDir, { recursive: true });
  // One process of those on this DATA_DIR serves it, however many start at once: the holder of its
  // lock file. A second one binding the path would take it from the first, and the first, closing,
  // would remove the second's file.
  const unlock = takeLock(`${file}.lock`);
  if (!unlock || (await answers(file))) {
    unlock?.();
    log.warn('another server process serves the operator socket of this DATA_DIR; this one does not');
    return undefined;
  }
  if (!removeStale(file, log)) {
    unlock();
    return undefined;
  }

  const running = new Set<Promise<unknown>>();
  const server = net.createServer((conn) => {
    const work = serve(conn, opts.database, log)
      .catch((err: unknown) => log.error({ err }, 'operator request failed'))
      .finally(() => running.delete(work));
    running.add(work);
  });
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The socket file gets the mode the umask leaves: 0600 from its first moment, not after a chmod.
  // Node binds a Unix socket synchronously inside listen(), so the umask is changed only for that call.
  const umask = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(umask);
  }
  try {
    await listening;
  } catch (err) {
    unlock();
    log.error({ err }, 'the operator socket could not be opened: `npm run admin` cannot reach this server');
    return undefined;
  }
  server.on('error', (err) => log.error({ err }, 'operator socket failed'));
  chmodSync(file, 0o600);
  log.info('operator socket listening');
  return {
    path: file,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...running]);
      // Closing the server removes its socket file.
      await closed;
      unlock();
    },
  };
}

/** Whether a process accepts connections on the socket file. */
async function answers(file: string): Promise<boolean> {
  try {
    const conn = await connectTo(file, 2000);
    if (!conn) return false;
    conn.destroy();
    return true;
  } catch {
    return false;
  }
}

/** Removes a leftover socket file; refuses (false) to remove anything that is not a socket. */
function removeStale(file: string, log: Logger): boolean {
  let stat;
  try {
    stat = lstatSync(file);
  } catch {
    return true;
  }
  if (!stat.isSocket()) {
    log.error(
      'the operator socket path holds something else; move it away: `npm run admin` cannot reach this server',
    );
    return false;
  }
  rmSync(file, { force: true });
  log.info('removed a stale operator socket');
  return true;
}

/** One connection: read one request line, run it, write the answer line, close. */
async function serve(conn: net.Socket, database: Database, log: Logger): Promise<void> {
  conn.setTimeout(30_000, () => conn.destroy());
  conn.on('error', () => {});
  let line: string;
  try {
    line = await readLine(conn);
  } catch {
    conn.destroy();
    return;
  }
  const answer = await handle(line, database, log);
  conn.end(`${JSON.stringify(answer)}\n`);
}

async function handle(line: string, database: Database, log: Logger): Promise<AdminAnswer> {
  let parsed;
  try {
    parsed = adminRequest.safeParse(JSON.parse(line));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success)
    return { ok: false, kind: 'usage', code: 'badRequest', message: 'not an operator request' };
  const { database: expected, ...request } = parsed.data;
  if (expected !== database.kind)
    return {
      ok: false,
      kind: 'failed',
      code: 'otherDatabase',
      message:
        `the server on this DATA_DIR uses ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}, ` +
        'but the command line was started without the same setting: run it with the environment of `npm start`',
    };
  return runRequest(database.db, request, log, 'socket');
}

function readLine(conn: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
      else if (Buffer.byteLength(text) > MAX_REQUEST_BYTES) reject(new Error('request too large'));
    });
    conn.on('end', () => reject(new Error('no request')));
    conn.on('close', () => reject(new Error('no request')));
  });
}
