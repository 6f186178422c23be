import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Shoppers } from '../../bot/deps';
import type { Db } from '../db/client';
import { botChats, botUpdates, users } from '../db/schema';

/**
 * The bot's questions to the shop's database: has this update been handled (bot_updates, swept
 * after a day by server/jobs/sweeps.ts), and which language does this Telegram user's account use.
 */
export function botShoppers(db: Db): Shoppers {
  return {
    async firstDelivery(updateId) {
      const fresh = await db
        .insert(botUpdates)
        .values({ updateId })
        .onConflictDoNothing()
        .returning({ updateId: botUpdates.updateId });
      return fresh.length > 0;
    },
    async forgetDelivery(updateId) {
      await db.delete(botUpdates).where(eq(botUpdates.updateId, updateId));
    },
    async language(telegramId) {
      const [account] = await db
        .select({ id: users.id, lang: users.lang })
        .from(users)
        .where(eq(users.telegramId, telegramId));
      if (!account) return undefined;
      // They wrote to the bot: it may write to them (again) (see server/jobs/outbox-notify.ts).
      await db
        .update(botChats)
        .set({ blockedAt: null, mayWrite: true, updatedAt: sql`now()` })
        .where(
          and(
            eq(botChats.userId, account.id),
            or(isNotNull(botChats.blockedAt), sql`${botChats.mayWrite} is not true`),
          ),
        );
      return account.lang;
    },
  };
}
