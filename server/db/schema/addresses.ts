import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, stamps } from './columns';
import { shopperRow } from './users';

/** The address book: where shoppers have their orders shipped. */

/** A shopper's shipping addresses (at most 20); exactly one default while any exist. */
export const addresses = pgTable(
  'addresses',
  {
    ...shopperRow('cascade'),
    addressee: text('addressee').notNull(),
    mobile: text('mobile').notNull(),
    /** ISO 3166-1 alpha-2 code. */
    country: text('country').notNull(),
    /** A region code of that country's list, or free text where the country has no list. */
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    /** home, company, other, or the shopper's own word. */
    tag: text('tag').notNull(),
    isDefault: flag('is_default', false),
    ...stamps(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
