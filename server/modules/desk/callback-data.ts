import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A button's callback data: "d:<kind>:<id>:<action>:<signature>", at most Telegram's 64 bytes. The
 * signature (HMAC of the rest with a key from the bot's token) means a client cannot make up a
 * button; the press is still checked against OPERATOR_IDS and the object's state.
 */
export const DESK_PREFIX = 'd:';

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('base64url').slice(0, 12);

export function buttonData(secret: string, kind: string, id: number, action: string): string {
  const body = `${kind}:${id}:${action}`;
  return `${DESK_PREFIX}${body}:${sign(secret, body)}`;
}

export function readButton(
  secret: string,
  data: string,
): { kind: string; id: number; action: string } | undefined {
  const m = /^d:([a-z]{1,16}):(\d{1,15}):([a-z]{1,16}):([\w-]{12})$/.exec(data);
  if (!m) return undefined;
  const expected = Buffer.from(sign(secret, `${m[1]}:${m[2]}:${m[3]}`));
  if (!timingSafeEqual(expected, Buffer.from(m[4]))) return undefined;
  return { kind: m[1], id: Number(m[2]), action: m[3] };
}
