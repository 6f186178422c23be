import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database folder. PGlite keeps the database in memory and writes it to
 * the folder; a second process on the same folder sees only its own writes and loses the other's.
 * So the folder holds a lock file, created with O_EXCL, naming the process that owns it. A lock
 * whose process is gone (a crash, SIGKILL) is taken over; a live one refuses the start.
 */
export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'shop.lock';

const readPid = (file: string): number | undefined => {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock for this process; answers the release function. */
export function lockDataDir(dir: string): () => void {
  const release = takeLock(path.join(dir, LOCK_FILE));
  if (release === undefined) {
    const owner = readPid(path.join(dir, LOCK_FILE));
    throw new DataDirLockedError(
      `The embedded database in ${dir} is in use by another SHOP process (pid ${owner ?? '?'}). ` +
        'Stop that process first, or give this one its own DATA_DIR (or a shared PostgreSQL in DATABASE_URL).',
    );
  }
  return release;
}

/**
 * Takes the lock file `file` for this process (created with O_EXCL, naming this process; a lock
 * whose process is gone is taken over). Answers the release function, or undefined while a live
 * process holds it.
 */
export function takeLock(file: string): (() => void) | undefined {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
      closeSync(fd);
      const release = () => {
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = readPid(file);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) return undefined;
    takeOver(file, owner);
  }
  throw new DataDirLockedError(`Could not take the lock ${file}; try again.`);
}

/**
 * Moves a stale lock aside. Two processes may find the same stale lock: only one rename succeeds,
 * and a rename that caught a fresh lock instead (another process took over first) puts it back.
 */
function takeOver(file: string, stalePid: number | undefined): void {
  const aside = `${file}.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // gone already: the next attempt creates it
  }
  const caught = readPid(aside);
  if (caught !== stalePid && caught !== undefined && isAlive(caught)) {
    renameSync(aside, file);
    return;
  }
  rmSync(aside, { force: true });
}
