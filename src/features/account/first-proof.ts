import type { UserInfo } from '@common/schemas/user';
import type { TelegramEnv } from '../../telegram/env';

/**
 * How the shopper proves it is them when setting a FIRST login or payment password (the server
 * refuses a session alone): inside Telegram, by the launch's signed init data when the account is
 * the one linked to this Telegram user; otherwise by the login password, when the account has one.
 * "none" means neither is possible here (a Telegram-made account outside Telegram).
 */
export type FirstProof = 'telegram' | 'password' | 'none';

export function firstProof(
  info: Pick<UserInfo, 'hasPassword' | 'telegramLinked'> | null,
  env: Pick<TelegramEnv, 'inTelegram' | 'initDataRaw'>,
): FirstProof {
  if (env.inTelegram && env.initDataRaw && info?.telegramLinked) return 'telegram';
  if (info?.hasPassword) return 'password';
  return 'none';
}

/** The proof fields of the request for `proof`. */
export function proofFields(proof: FirstProof, initDataRaw: string, loginPassword: string) {
  if (proof === 'telegram') return { init_data: initDataRaw };
  if (proof === 'password') return { password: loginPassword };
  return {};
}

/**
 * What changes a password: the current one and the new one when the current one is asked for
 * (`needsOld`); otherwise the new one with the first password's proof.
 */
export function passwordChange(
  pair: { old: string; next: string },
  needsOld: boolean,
  proof: FirstProof | null,
  initDataRaw: string,
  loginPassword = '',
) {
  return needsOld
    ? { oldpassword: pair.old, newpassword: pair.next }
    : { newpassword: pair.next, ...proofFields(proof ?? 'none', initDataRaw, loginPassword) };
}
