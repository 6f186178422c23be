import { describe, expect, it } from 'vitest';
import { serializeParams } from '../../common/api/query';
import { createRepeatGuard, transportMessage } from '../../src/api/rules';

/** The pure rules of the API layer (src/api/rules.ts). */
describe('API rules: GET parameters', () => {
  it('are written as key=value pairs', () => {
    expect(serializeParams({ page: 2, status: -1, kw: 'red shoes' })).toBe('page=2&status=-1&kw=red%20shoes');
  });

  it('write nested objects as key[sub]', () => {
    const text = serializeParams({ filter: { status: 0, shop: 'a&b' }, page: 1 });
    expect(text).toBe('filter%5Bstatus%5D=0&filter%5Bshop%5D=a%26b&page=1');
    expect(decodeURIComponent(text)).toBe('filter[status]=0&filter[shop]=a&b&page=1');
  });

  it('leave out empty values and join lists with commas', () => {
    expect(serializeParams({ a: undefined, b: null, ids: [1, 2, 3], c: '' })).toBe('ids=1%2C2%2C3&c=');
  });

  it('are empty without parameters', () => {
    expect(serializeParams(undefined)).toBe('');
    expect(serializeParams({})).toBe('');
  });
});

describe('API rules: duplicate-submit guard', () => {
  const guard = () => {
    let now = 1_000_000;
    const isRepeat = createRepeatGuard(() => now);
    return { isRepeat, wait: (ms: number) => (now += ms) };
  };

  it('refuses the same URL and body again within 1000 ms', () => {
    const { isRepeat, wait } = guard();
    expect(isRepeat('/api/user/extract', { amount: 5 })).toBe(false);
    wait(999);
    expect(isRepeat('/api/user/extract', { amount: 5 })).toBe(true);
  });

  it('allows the same request again once 1000 ms have passed', () => {
    const { isRepeat, wait } = guard();
    isRepeat('/api/user/extract', { amount: 5 });
    wait(1000);
    expect(isRepeat('/api/user/extract', { amount: 5 })).toBe(false);
  });

  it('allows another body or another URL at once', () => {
    const { isRepeat } = guard();
    isRepeat('/api/user/extract', { amount: 5 });
    expect(isRepeat('/api/user/extract', { amount: 6 })).toBe(false);
    expect(isRepeat('/api/user/recharge', { amount: 6 })).toBe(false);
  });

  it('compares with the previous request only', () => {
    const { isRepeat } = guard();
    isRepeat('/a', { x: 1 });
    isRepeat('/b', { x: 1 });
    expect(isRepeat('/a', { x: 1 })).toBe(false);
  });

  it('treats a string body and a missing body like any other', () => {
    const { isRepeat } = guard();
    expect(isRepeat('/a', 'x=1')).toBe(false);
    expect(isRepeat('/a', 'x=1')).toBe(true);
    expect(isRepeat('/b', undefined)).toBe(false);
    expect(isRepeat('/b', undefined)).toBe(true);
  });
});

describe('API rules: transport messages', () => {
  it('no answer is the network message', () => {
    expect(transportMessage({ kind: 'network' })).toEqual({ key: 'network' });
  });

  it('no answer in time is the time-out message', () => {
    expect(transportMessage({ kind: 'timeout' })).toEqual({ key: 'timeout' });
  });

  it('an answer outside 2xx gives the status message with its code', () => {
    expect(transportMessage({ kind: 'status', status: 502 })).toEqual({ key: 'status', code: '502' });
  });

  it('a call the app called off has no message', () => {
    expect(transportMessage({ kind: 'canceled' })).toBeNull();
  });
});
