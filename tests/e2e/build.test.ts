import { spawn } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/shop';

/** `npm start` builds the Mini App once per set of sources, whatever the files' times say. */
const STAMP = path.join(ROOT, 'dist', '.sources');

function ensureBuilt(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-needed'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('building the Mini App', () => {
  it('never rebuilds a build of the same sources, even when their files look newer', async () => {
    expect((await ensureBuilt()).code).toBe(0);
    const hash = readFileSync(STAMP, 'utf8');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(ROOT, 'src', 'main.tsx'), later, later);
    const again = await ensureBuilt();
    expect(again.code).toBe(0);
    expect(again.output).not.toContain('Building');
    expect(readFileSync(STAMP, 'utf8')).toBe(hash);
  });

  it('several instances starting at once build once and all find a whole build', async () => {
    const hash = readFileSync(STAMP, 'utf8');
    writeFileSync(STAMP, 'sources that changed\n');
    const runs = await Promise.all([ensureBuilt(), ensureBuilt(), ensureBuilt()]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(runs.filter((r) => r.output.includes('Building'))).toHaveLength(1);
    expect(readFileSync(STAMP, 'utf8')).toBe(hash);
    expect(readFileSync(path.join(ROOT, 'dist', 'index.html'), 'utf8')).toContain('<div id="root">');
  });
});
