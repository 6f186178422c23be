import { spawn } from 'node:child_process';
import type { RunningShop } from './shop';
import { ROOT } from './shop';

export interface AdminRun {
  code: number | null;
  out: string;
  err: string;
}

/**
 * `npm run admin -- <args>` as the operator types it, in a child process found through the shop's
 * own environment (its DATA_DIR, no DATABASE_URL): with the shop running, the command goes to the
 * server over its socket in the data folder. Fails with everything printed when it does not exit 0.
 */
export async function admin(shop: RunningShop, args: string[]): Promise<AdminRun> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: shop.dataDir },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited ${code}:\n${out}\n${err}`);
  return { code, out, err };
}
