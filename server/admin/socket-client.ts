import net from 'node:net';
import type { AdminAnswer, AdminRequest } from './protocol';

/** The socket cannot be reached because nobody listens on it: the CLI may open the database itself. */
const NOBODY = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Connects to a Unix socket; answers undefined when no process listens there (no file, or a file
 * left by a stopped server). Other failures (no permission) are thrown: they are not "no server".
 */
export function connectTo(file: string, timeoutMs: number): Promise<net.Socket | undefined> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(file);
    const timer = setTimeout(() => {
      conn.destroy();
      reject(new Error(`the operator socket ${file} did not accept the connection`));
    }, timeoutMs);
    conn.once('connect', () => {
      clearTimeout(timer);
      resolve(conn);
    });
    conn.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err.code && NOBODY.has(err.code)) resolve(undefined);
      else reject(err);
    });
  });
}

/**
 * Sends one request to the server's operator socket and waits for its answer; answers undefined
 * when no server listens. Once the request is sent, a lost connection is an error, never
 * "no server": the action may have been done, so it must not be done again in-process.
 */
export async function askServer(
  file: string,
  request: AdminRequest,
  timeoutMs = 120_000,
): Promise<AdminAnswer | undefined> {
  const conn = await connectTo(file, 5_000);
  if (!conn) return undefined;
  return new Promise((resolve, reject) => {
    let text = '';
    conn.setEncoding('utf8');
    conn.setTimeout(timeoutMs, () => {
      conn.destroy();
      reject(
        new Error(
          `the server did not answer within ${timeoutMs / 1000} s; check its log before trying again`,
        ),
      );
    });
    conn.on('data', (chunk: string) => (text += chunk));
    conn.on('error', reject);
    conn.on('close', () => {
      const end = text.indexOf('\n');
      if (end < 0) {
        reject(
          new Error('the server closed the connection without an answer; check its log before trying again'),
        );
        return;
      }
      try {
        resolve(JSON.parse(text.slice(0, end)) as AdminAnswer);
      } catch {
        reject(new Error('the server answered something that is not an operator answer'));
      }
    });
    conn.write(`${JSON.stringify(request)}\n`);
  });
}
