import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, createdAt, flag, int64, link, moment, serialId, stamps, zero } from './columns';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    account: text('account').notNull(),
    passwordHash: text('password_hash'),
    payPasswordHash: text('pay_password_hash'),
    email: text('email'),
    mobile: text('mobile'),
    familyName: blank('family_name'),
    givenName: blank('given_name'),
    avatar: blank('avatar'),
    lang: text('lang').notNull().default('en-US'),
    /** Integer cents. Changed only through the ledger's moveMoney, which records every change. */
    balance: int64('balance').notNull().default(0),
    frozen: int64('frozen').notNull().default(0),
    /** Telegram user ids exceed 32 bits (at most 52 significant bits). */
    telegramId: int64('telegram_id'),
    telegramUsername: text('telegram_username'),
    payFailCount: zero('pay_fail_count'),
    payLockedUntil: moment('pay_locked_until'),
    /** Payment locks counted on `pay_lock_day` (database date): the third in a day holds 24 hours. */
    payLockCount: zero('pay_lock_count'),
    payLockDay: date('pay_lock_day'),
    isDemo: flag('is_demo', false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('users_account_lower_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_telegram_id_uq').on(t.telegramId),
    check('users_balance_nonneg', sql`${t.balance} >= 0`),
    check('users_frozen_nonneg', sql`${t.frozen} >= 0`),
  ],
);

/**
 * The first columns of a shopper's own row: its id and the shopper it belongs to. `onDelete` says
 * whether deleting the shopper deletes the row too ('cascade') or is refused while it exists
 * ('restrict').
 */
export const shopperRow = (onDelete: 'cascade' | 'restrict') => ({
  id: serialId(),
  userId: link('user_id', () => users.id, onDelete),
});

export const sessions = pgTable(
  'sessions',
  {
    ...shopperRow('cascade'),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The expired-sessions sweep (server/jobs).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Devices a shopper pays from with biometrics instead of the payment password: the credential the
 * server issued to the device (kept in its biometric storage, released by Face ID or a fingerprint)
 * is stored only as a keyed hash (server/lib/pay-pins.ts). One per shopper and device; all of a
 * shopper's go when the payment password changes or every session is ended.
 */
export const payDevices = pgTable(
  'pay_devices',
  {
    ...shopperRow('cascade'),
    /** The device id Telegram's biometric manager reports. */
    deviceId: text('device_id').notNull(),
    /** What the shopper sees on /security: the kind of biometrics and the platform. */
    label: text('label').notNull(),
    credentialHash: text('credential_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [
    uniqueIndex('pay_devices_credential_uq').on(t.credentialHash),
    uniqueIndex('pay_devices_user_device_uq').on(t.userId, t.deviceId),
  ],
);

/** Fixed-window counters shared by every API process (login attempts per account and address). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: zero('count'),
    windowEndsAt: moment('window_ends_at').notNull(),
  },
  // The sweep of ended windows (server/jobs).
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
);

/**
 * What an upload is for: every picture starts as `avatar` (public under /uploads/); one a top-up
 * takes as its payment evidence becomes `evidence`, moved out of the public folder and served only
 * to its shopper (server/modules/upload/evidence.ts); one a refund request takes as proof becomes
 * `refund`, private the same way; one sent in a customer-service message becomes `service`
 * (server/modules/service/messages.ts).
 */
export const UPLOAD_PURPOSES = ['avatar', 'evidence', 'review', 'service', 'refund'] as const;

/**
 * Pictures shoppers uploaded. One that nothing uses (`used_at` null) a day after upload is deleted,
 * row and file, by the uploads sweep (server/jobs).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serialId(),
    userId: int64('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    bytes: integer('bytes').notNull(),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull().default('avatar'),
    /** When something (a profile) started using it; null = unused. */
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('uploads_path_uq').on(t.path),
    index('uploads_unused_idx')
      .on(t.createdAt)
      .where(sql`${t.usedAt} is null`),
  ],
);
