import { randomUUID } from 'node:crypto';
import { adminSocketPath } from '@server/admin/protocol';
import { askServer } from '@server/admin/socket-client';
import { runAdmin, type AdminRun } from '../../support/admin-cli';
import type { RunningShop } from './shop';

/**
 * The operator's command line (tests/support/admin-cli.ts) in a child process found through the
 * shop's own environment (its DATA_DIR, no DATABASE_URL): with the shop running, the command goes
 * to the server over its socket in the data folder. As `npm run admin -- <args>`, as the operator
 * types it, when `npm` is set; else as the script that runs. Fails with everything printed when it
 * does not exit 0.
 */
export async function admin(
  shop: RunningShop,
  args: string[],
  opts: { npm?: boolean } = {},
): Promise<AdminRun> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: shop.dataDir };
  const run = await runAdmin(args, env, { npm: opts.npm, silent: true });
  if (run.code !== 0)
    throw new Error(`npm run admin -- ${args.join(' ')} exited ${run.code}:\n${run.out}\n${run.err}`);
  return run;
}

/**
 * One operator command sent straight to the running shop's socket, as `npm run admin` sends it,
 * without starting a process for it (for a test's setup: `words` are the command's named words).
 * Fails with the server's message when the command is refused.
 */
export async function operatorCommand(
  shop: RunningShop,
  command: string,
  words: Record<string, string>,
): Promise<unknown> {
  const answer = await askServer(adminSocketPath(shop.dataDir), {
    command,
    words,
    operator: 'e2e',
    requestId: randomUUID(),
    database: 'pglite',
  });
  if (!answer) throw new Error(`${command}: the shop's operator socket does not answer`);
  if (!answer.ok) throw new Error(`${command}: ${answer.message}`);
  return answer.view;
}
