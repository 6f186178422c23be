import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bench's bare route (scripts/lib/bare-route.mjs) as `npm run bench` starts it: a plain
 * Fastify app in a process of its own answering a body the size and shape of a catalogue page.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** About 2.1 KB of JSON, shaped like a page of product cards. */
const BARE_BODY = {
  code: 1,
  msg: 'Success',
  data: {
    list: Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      shopId: 3,
      categoryId: 2,
      title: `Bare benchmark product number ${i + 1}`,
      image: `/img/product/${i + 1}/0`,
      price: '19.90',
      marketPrice: '29.90',
      sales: 1000 - i,
      seen: 5000,
    })),
    total: 360,
    page: 1,
    limit: 12,
    next: null,
  },
};

/** The bare route's answer in bytes (the shop's answers are compared with it). */
export const bareBodyBytes = (): number => JSON.stringify(BARE_BODY).length;

/** The bare route in a process of its own; answers its address and a way to stop it. */
export async function startBareRoute(): Promise<{ base: string; stop(): void }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'lib', 'bare-route.mjs')], {
    env: { ...process.env, BENCH_BARE_BODY: JSON.stringify(BARE_BODY) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`the bare route exited (code ${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
