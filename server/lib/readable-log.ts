import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that say nothing to a person reading along. */
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** One pino JSON line as a person reads it: "12:00:01 INFO  listening  port=3000". */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (QUIET.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      stack = `\n${String((value as { stack: unknown }).stack)}`;
      continue;
    }
    fields.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  return `${[time, level, msg, ...fields].filter(Boolean).join('  ')}${stack}\n`;
}

/** A pino destination that writes readable lines to `out` (standard output by default). */
export function readableLog(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  return { write: (line: string) => void out.write(readableLine(line)) };
}

/** Whether the log is written for a person: asked for, or `auto` on a terminal outside production. */
export function wantsReadableLog(
  format: 'auto' | 'json' | 'readable',
  nodeEnv: string,
  isTerminal = Boolean(process.stdout.isTTY),
): boolean {
  if (format !== 'auto') return format === 'readable';
  return isTerminal && nodeEnv !== 'production';
}
