import { readFileSync } from 'node:fs';
import postgres from 'postgres';

/**
 * CPU time spent by the server and by the database during a run: a figure that, unlike a rate,
 * hardly moves when something else shares the machine. Read from /proc (Linux; elsewhere it is
 * not reported). The server is its process and its children (a cluster's workers); the database
 * is the PostgreSQL backends serving the run's database (on PGlite it is inside the server).
 */

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** User + system CPU seconds of one process, or 0 when it is gone or unreadable. */
function secondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const treeSeconds = (pid: number): number =>
  secondsOf(pid) + childrenOf(pid).reduce((sum, child) => sum + treeSeconds(child), 0);

/** The backends connected to the database of `url` (the server's pool), by pid. */
async function backendsOf(url: string): Promise<number[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    return rows.map((r) => r.pid);
  } finally {
    await sql.end();
  }
}

export interface CpuUse {
  /** Server CPU seconds. */
  server: number;
  /** Database CPU seconds (null on PGlite: counted in the server's). */
  database: number | null;
  /** CPU seconds of this process, the shoppers' client, which shares the machine. */
  client: number;
}

/**
 * Starts counting the CPU of the server `pid` and of the database at `url`; `stop` answers what
 * both spent since. Call stop before the server is stopped: its backends end with it.
 */
export async function cpuCounter(pid: number, url: string | undefined) {
  if (process.platform !== 'linux') return { stop: async (): Promise<CpuUse | null> => null };
  const client0 = process.cpuUsage();
  const server0 = treeSeconds(pid);
  const database0 = new Map<number, number>();
  if (url) for (const backend of await backendsOf(url)) database0.set(backend, secondsOf(backend));
  return {
    async stop(): Promise<CpuUse | null> {
      const server = treeSeconds(pid) - server0;
      const used = process.cpuUsage(client0);
      const client = (used.user + used.system) / 1e6;
      if (!url) return { server, database: null, client };
      // A backend the pool opened during the run counts from zero.
      const backends = await backendsOf(url);
      const database = backends.reduce((sum, b) => sum + secondsOf(b) - (database0.get(b) ?? 0), 0);
      return { server, database, client };
    },
  };
}

/** "1.23 / 0.98 / 0.40": CPU milliseconds per paid order of the server, the database and the client. */
export function perOrder(use: CpuUse | null, paid: number): string {
  if (!use || paid === 0) return 'n/a';
  const ms = (s: number) => ((s * 1000) / paid).toFixed(2);
  return use.database === null
    ? `${ms(use.server)} (with the database) / ${ms(use.client)}`
    : `${ms(use.server)} / ${ms(use.database)} / ${ms(use.client)}`;
}
