import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { adminSocketPath } from '../../../server/admin/protocol';
import { askServer } from '../../../server/admin/socket-client';
import type { RunningShop } from './shop';
import { ROOT } from './shop';

export interface AdminRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * The operator's command line in a child process found through the shop's own environment (its
 * DATA_DIR, no DATABASE_URL): with the shop running, the command goes to the server over its socket
 * in the data folder. As `npm run admin -- <args>`, as the operator types it, when `npm` is set;
 * else as the script that runs (`node --import tsx server/admin/cli.ts`), one process instead of
 * three. Fails with everything printed when it does not exit 0.
 */
export async function admin(
  shop: RunningShop,
  args: string[],
  opts: { npm?: boolean } = {},
): Promise<AdminRun> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: shop.dataDir };
  const child = opts.npm
    ? spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env })
    : spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], { cwd: ROOT, env });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited ${code}:\n${out}\n${err}`);
  return { code, out, err };
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
