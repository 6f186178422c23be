CREATE TABLE "bot_chats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"blocked_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"notify_orders" boolean DEFAULT true NOT NULL,
	"notify_refunds" boolean DEFAULT true NOT NULL,
	"notify_wallet" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_updates_created_idx" ON "bot_updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_outbox_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."sent_at" is null and "notifications"."delivery" is null;