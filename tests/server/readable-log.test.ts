import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readableLine, readableLog, wantsReadableLog } from '../../server/lib/readable-log';

describe('the readable log', () => {
  it('writes time, level, message and the other fields on one line, an error with its stack', () => {
    const time = new Date(2026, 10, 25, 9, 5, 7).getTime();
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'listening', port: 3000 });
    expect(readableLine(line)).toBe('09:05:07  INFO   listening  port=3000\n');
    const failed = JSON.stringify({
      level: 50,
      time,
      msg: 'sending failed',
      chat: { id: 5 },
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(readableLine(failed)).toBe(
      '09:05:07  ERROR  sending failed  chat={"id":5}\nError: boom\n    at here\n',
    );
    // Anything that is not a JSON line passes through.
    expect(readableLine('plain words')).toBe('plain words\n');
  });

  it('is what pino writes through it', () => {
    let written = '';
    const logger = pino({ level: 'info' }, readableLog({ write: (s: string) => (written += s) } as never));
    logger.warn({ orderId: 12 }, 'stock low');
    logger.debug('not shown');
    expect(written).toMatch(/^\d\d:\d\d:\d\d {2}WARN {3}stock low {2}orderId=12\n$/);
  });

  it('is chosen on a terminal outside production, or when asked; JSON otherwise', () => {
    expect(wantsReadableLog('auto', 'development', true)).toBe(true);
    expect(wantsReadableLog('auto', 'development', false)).toBe(false);
    expect(wantsReadableLog('auto', 'production', true)).toBe(false);
    expect(wantsReadableLog('readable', 'production', false)).toBe(true);
    expect(wantsReadableLog('json', 'development', true)).toBe(false);
  });
});
