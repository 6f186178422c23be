import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../common/schemas/order';
import { useApp } from '../support/use-app';
import { startUpstream } from './support/upstream';

/**
 * Idempotency keys: one key per intent of the shopper, sent as the `Idempotency-Key`
 * header through the one client; kept for a retry after an uncertain failure, new after a definite
 * answer.
 */
const KEY_RE = /^[\w.:-]{8,100}$/; // what the server accepts (server/lib/idempotency.ts)

async function load() {
  const client = await import('../../src/api/client');
  const idempotency = await import('../../src/api/idempotency');
  return { ...client, ...idempotency };
}

describe('idempotency keys', () => {
  it('are fresh random keys the server accepts', async () => {
    const { newIdempotencyKey } = await load();
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(KEY_RE);
  });
});

describe('an intent', () => {
  /** Runs `body` through the intent, failing with `outcome` (or succeeding); answers the key sent. */
  async function attempt(
    intent: import('../../src/api/idempotency').Intent,
    body: unknown,
    outcome?: Error,
  ): Promise<string> {
    let sent = '';
    await intent
      .run(body, async (key) => {
        sent = key;
        if (outcome) throw outcome;
        return 'ok';
      })
      .catch(() => undefined);
    return sent;
  }

  it('sends the same key again when the same request is retried after a transport failure', async () => {
    const { createIntent, ApiError } = await load();
    const intent = createIntent();
    const first = await attempt(intent, { password_pay: '123456' }, new ApiError('Network Error', -1));
    const again = await attempt(intent, { password_pay: '123456' }, new ApiError('timeout', -1));
    const last = await attempt(intent, { password_pay: '123456' });
    expect(again).toBe(first);
    expect(last).toBe(first);
  });

  it('keeps the key after a server fault (the work may have been done)', async () => {
    const { createIntent, ApiError } = await load();
    const intent = createIntent();
    const first = await attempt(intent, { a: 1 }, new ApiError('Server error', 0, 'errors.server'));
    expect(await attempt(intent, { a: 1 })).toBe(first);
  });

  it('makes a new key after a definite answer: success or a refusal', async () => {
    const { createIntent, ApiError } = await load();
    const intent = createIntent();
    const wrong = await attempt(
      intent,
      { password_pay: '111111' },
      new ApiError('Wrong payment password', 0, 'errors.payPasswordWrong'),
    );
    expect(intent.pendingKey).toBeUndefined();
    const right = await attempt(intent, { password_pay: '111111' });
    expect(right).not.toBe(wrong);
    expect(await attempt(intent, { password_pay: '111111' })).not.toBe(right);
  });

  it('makes a new key for another request (another password is another intent)', async () => {
    const { createIntent, ApiError } = await load();
    const intent = createIntent();
    const first = await attempt(intent, { password_pay: '111111' }, new ApiError('Network Error', -1));
    expect(await attempt(intent, { password_pay: '222222' })).not.toBe(first);
  });
});

describe('the one client sends the key', () => {
  const upstream = useApp(startUpstream);

  it('as the Idempotency-Key header when the call has one', async () => {
    const { request, configureClient } = await load();
    configureClient({ getToken: () => '', onUnauthorized: () => undefined });
    const arrived = upstream.arrived('/with-key');
    void request({
      url: `${upstream.origin}/with-key`,
      method: 'post',
      data: { out_trade_no: 'X' },
      idempotencyKey: 'abcdef0123456789',
      showError: false,
    }).catch(() => undefined);
    expect((await arrived).headers[IDEMPOTENCY_HEADER]).toBe('abcdef0123456789');
  });

  it('not at all when the call has none', async () => {
    const { request, configureClient } = await load();
    configureClient({ getToken: () => '', onUnauthorized: () => undefined });
    const arrived = upstream.arrived('/without-key');
    void request({ url: `${upstream.origin}/without-key`, method: 'post', data: {}, showError: false }).catch(
      () => undefined,
    );
    expect((await arrived).headers[IDEMPOTENCY_HEADER]).toBeUndefined();
  });
});
