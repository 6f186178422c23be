import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { describeRefusal } from '../modules/operator';
import { findCommand } from './commands';
import { badWho, type AdminAnswer, type AdminRequest } from './protocol';

/**
 * Runs one operator request where the database is: in the server (a request from the socket) or in
 * the command line itself (no server running). Checks the words with the command's schema, calls
 * its service, logs the action with who did it, and answers plain JSON either way.
 */
export async function runRequest(
  db: Db,
  request: Omit<AdminRequest, 'database'>,
  log: Logger,
  via: 'socket' | 'in-process',
): Promise<AdminAnswer> {
  const usage = (message: string): AdminAnswer => ({ ok: false, kind: 'usage', code: 'usage', message });
  const command = findCommand(request.command);
  if (!command) return usage(`unknown command "${request.command}"`);
  const bad = badWho(request.operator, request.requestId);
  if (bad) return usage(bad);
  const checked = command.check(request.words);
  if (!checked.ok) return usage(checked.message);
  const { operator, requestId, words } = request;
  const actionLog = log.child({ operator, command: command.name, requestId, via });
  try {
    const view = await command.run(db, checked.params, { operator, requestId, log: actionLog });
    actionLog.info({ words }, 'operator action');
    // The same plain JSON whichever side ran it (dates as ISO strings, no undefined).
    return { ok: true, view: JSON.parse(JSON.stringify(view)) as unknown };
  } catch (err) {
    const refusal = describeRefusal(err);
    if (refusal) {
      actionLog.info({ words, refusal: refusal.code }, 'operator action refused');
      return { ok: false, kind: 'refused', ...refusal };
    }
    actionLog.error({ err, words }, 'operator action failed');
    return {
      ok: false,
      kind: 'failed',
      code: 'internal',
      message: `the action failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
