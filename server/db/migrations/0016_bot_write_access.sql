ALTER TABLE "bot_chats" ADD COLUMN "may_write" boolean;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD COLUMN "write_asked_at" timestamp with time zone;