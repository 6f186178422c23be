import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** The address book: where shoppers have their orders shipped. */

/** A shopper's shipping addresses (at most 20); exactly one default while any exist. */
export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressee: text('addressee').notNull(),
    mobile: text('mobile').notNull(),
    /** ISO 3166-1 alpha-2 code. */
    country: text('country').notNull(),
    /** A region code of that country's list, or free text where the country has no list. */
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    /** home, company, other, or the shopper's own word. */
    tag: text('tag').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
