import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Forgotten-password codes sent by the bot: one live code per account (a new request
 * replaces it, so the key is the user), only its hash kept, with its expiry and the wrong tries
 * left. The row goes when the code is used, killed by wrong tries, or replaced.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  triesLeft: integer('tries_left').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
