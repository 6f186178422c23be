import type { UserInfo } from '@common/schemas/user';
import { firstIssue } from '@app/api/first-issue';

/** A key under "errors" in the locale files. */
export type ErrorKey =
  | 'errors.oldPasswordRequired'
  | 'errors.oldPayPasswordRequired'
  | 'errors.passwordMin'
  | 'errors.passwordTooLong'
  | 'errors.payPasswordRule'
  | 'errors.passwordMismatch'
  | 'errors.passwordSame';

export interface PasswordChange {
  old: string;
  next: string;
  confirm: string;
  /** false when there is no old password to give (first payment password, Telegram-made account). */
  needsOld: boolean;
}

/**
 * The rules of a password change, checked before sending: old password when one exists,
 * the rule of the new one (the shared schema), both entries equal, new differs from old. The
 * schemas (and zod under them) load with the first check, not with the screen: the form paints
 * without them.
 */
export async function passwordChangeError(
  change: PasswordChange,
  kind: 'login' | 'pay',
): Promise<ErrorKey | null> {
  const { old, next, confirm, needsOld } = change;
  if (needsOld && !old)
    return kind === 'pay' ? 'errors.oldPayPasswordRequired' : 'errors.oldPasswordRequired';
  const rule = await firstIssue(async () => {
    const { password, payPassword } = await import('@common/schemas/fields');
    return kind === 'pay' ? payPassword : password;
  }, next);
  if (rule) return (rule.message || 'errors.passwordMin') as ErrorKey;
  if (next !== confirm) return 'errors.passwordMismatch';
  if (needsOld && old === next) return 'errors.passwordSame';
  return null;
}

/** Whether the login password form asks for the current password (a visitor is always asked). */
export function needsOldPassword(info: UserInfo | null): boolean {
  return info ? info.hasPassword : true;
}

/** Payment passwords are digits only: anything else typed is dropped. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 12);
