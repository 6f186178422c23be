import { request } from '@telegram-apps/sdk-react';
import { clientHas, tgEnv } from './env';

/*
 * Telegram's SecureStorage (Mini Apps 9.0): values kept in the phone's keychain (iOS) or keystore
 * (Android), at most 10 per shopper. The SDK has no wrapper for it: the bridge's own calls, with
 * the request ids the client answers with. Only the iOS and Android clients have it (others may
 * report the version and never answer): it is asked there alone, and after one failure (or no
 * answer in time) not again in this launch.
 */

/** How long a client may take to answer before the value counts as out of reach. */
const ANSWER_MS = 2000;
const PLATFORMS: ReadonlySet<string> = new Set(['ios', 'android']);

let failed = false;
let lastRequest = 0;

/** Whether this client may have SecureStorage (a phone of Mini Apps 9.0 or later; false once it failed). */
export function secureStorageOffered(): boolean {
  return !failed && PLATFORMS.has(tgEnv.platform) && clientHas('web_app_secure_storage_get_key');
}

type Answered = 'secure_storage_key_received' | 'secure_storage_key_saved';

/**
 * Posts `method` with a request id of its own; answers the payload of `answered` for that id, or
 * undefined when the client failed, did not answer in time or could not be asked.
 */
async function ask(
  method: 'web_app_secure_storage_get_key' | 'web_app_secure_storage_save_key',
  params: { key: string; value?: string | null },
  answered: Answered,
): Promise<{ value?: string | null } | undefined> {
  const reqId = `secure-${Date.now().toString(36)}-${++lastRequest}`;
  const answer = await request(method, [answered, 'secure_storage_failed'], {
    params:
      method === 'web_app_secure_storage_get_key'
        ? { req_id: reqId, key: params.key }
        : { req_id: reqId, key: params.key, value: params.value ?? null },
    capture: ({ payload }) => payload.req_id === reqId,
    timeout: ANSWER_MS,
  }).catch(() => undefined);
  // A failure, no answer in time, or a client that refused the call: not asked again this launch.
  if (!answer || 'error' in answer) {
    failed = true;
    return undefined;
  }
  return 'value' in answer ? { value: answer.value } : {};
}

/** The value kept under `key` ('' when none), or undefined when SecureStorage is out of reach. */
export async function secureGet(key: string): Promise<string | undefined> {
  if (!secureStorageOffered()) return undefined;
  const answer = await ask('web_app_secure_storage_get_key', { key }, 'secure_storage_key_received');
  return answer === undefined ? undefined : (answer.value ?? '');
}

/** Keeps `value` under `key` (null removes it); answers whether the client kept it. */
export async function secureSet(key: string, value: string | null): Promise<boolean> {
  if (!secureStorageOffered()) return false;
  return (
    (await ask('web_app_secure_storage_save_key', { key, value }, 'secure_storage_key_saved')) !== undefined
  );
}
