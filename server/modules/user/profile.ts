import { eq } from 'drizzle-orm';
import { toAmount } from '@common/money';
import type { Lang } from '@common/languages';
import { toLang } from '@common/languages';
import type { ProfileBody, UserInfo } from '@common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { useAsAvatar, withFileMoves } from '../upload';
import type { UserRow } from './sessions';

/** The shopper's own account as the API shows it (no secrets), and its changes. */
export function toUserInfo(u: UserRow, counts = { unpaid: 0, undelivered: 0 }): UserInfo {
  return {
    id: u.id,
    account: u.account,
    familyName: u.familyName,
    givenName: u.givenName,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    avatar: u.avatar,
    balance: toAmount(u.balance),
    frozen: toAmount(u.frozen),
    hasPayPassword: u.payPasswordHash !== null,
    hasPassword: u.passwordHash !== null,
    lang: toLang(u.lang),
    telegramLinked: u.telegramId !== null,
    telegramName: u.telegramId === null ? '' : [u.givenName, u.familyName].filter(Boolean).join(' '),
    unpaidCount: counts.unpaid,
    undeliveredCount: counts.undelivered,
  };
}

/** Names, e-mail, mobile and the avatar (a pending upload, public from now on: take.ts). */
export async function updateProfile(
  db: DbOrTx,
  user: UserRow,
  body: ProfileBody,
  dataDir: string,
): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.familyName !== undefined) set.familyName = body.familyName;
  if (body.givenName !== undefined) set.givenName = body.givenName;
  if (body.email !== undefined) set.email = body.email;
  if (body.mobile !== undefined) set.mobile = body.mobile;
  return withFileMoves(db, (moves) =>
    db.transaction(async (tx) => {
      if (body.avatar !== undefined)
        set.avatar = await useAsAvatar(
          tx,
          { userId: user.id, dataDir, next: body.avatar, previous: user.avatar },
          moves,
        );
      const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
      return row;
    }),
  );
}

export async function setLanguage(db: DbOrTx, userId: number, lang: Lang): Promise<void> {
  await db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, userId));
}
