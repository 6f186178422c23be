import path from 'node:path';
import { z } from 'zod';

/**
 * The operator socket's protocol: the command line connects to `<DATA_DIR>/admin.sock` (a Unix
 * socket only the server's OS user may open), writes one request as a line of JSON and reads one
 * answer line back. One request per connection.
 */
export const SOCKET_FILE = 'admin.sock';

export const adminSocketPath = (dataDir: string): string => path.resolve(dataDir, SOCKET_FILE);

/** Who acts (--operator, else the OS user) and the request id (--request-id): checked on both sides. */
const OPERATOR_RE = /^[\p{L}\p{N}_.@:-]{1,64}$/u;
const REQUEST_ID_RE = /^[\w.:-]{1,100}$/;

/**
 * The rule a request's operator name or request id breaks, or undefined when both are fine: checked
 * by the command line before it sends and again by whoever runs the request.
 */
export function badWho(operator: string, requestId: string): string | undefined {
  if (!OPERATOR_RE.test(operator)) return '--operator: 1 to 64 letters, digits, or _ . @ : -';
  if (!REQUEST_ID_RE.test(requestId)) return '--request-id: 1 to 100 letters, digits, or _ . : -';
  return undefined;
}

/** The largest request line the server reads. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export const adminRequest = z.object({
  command: z.string().max(64),
  /** The words typed, named by the command's arguments and options. */
  words: z.record(z.string(), z.union([z.string().max(8192), z.boolean()]).optional()),
  operator: z.string().max(200),
  requestId: z.string().max(200),
  /** The database the command line was configured for: a server on another one refuses. */
  database: z.enum(['pglite', 'postgres']),
});
export type AdminRequest = z.infer<typeof adminRequest>;

export type AdminAnswer =
  | { ok: true; view: unknown }
  | {
      ok: false;
      /** usage: the words do not make a command (exit 2); refused: the action is not possible; failed: a fault. */
      kind: 'usage' | 'refused' | 'failed';
      code: string;
      message: string;
    };

/** The command line's exit codes. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export const exitCodeOf = (answer: AdminAnswer): number =>
  answer.ok ? EXIT.ok : answer.kind === 'usage' ? EXIT.usage : EXIT.failed;
