CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_tg_id" bigint,
	"text" text DEFAULT '' NOT NULL,
	"picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"relayed_at" timestamp with time zone,
	"relay_tries" integer DEFAULT 0 NOT NULL,
	"relay_after" timestamp with time zone DEFAULT now() NOT NULL,
	"chat_message_id" bigint
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"topic_id" bigint,
	"anchor_message_id" bigint,
	"last_message_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_user_idx" ON "support_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "support_messages_unrelayed_idx" ON "support_messages" USING btree ("relay_after") WHERE "support_messages"."relayed_at" is null;--> statement-breakpoint
CREATE INDEX "support_messages_unread_idx" ON "support_messages" USING btree ("user_id","author") WHERE "support_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_chat_message_uq" ON "support_messages" USING btree ("chat_message_id");--> statement-breakpoint
CREATE INDEX "support_threads_last_idx" ON "support_threads" USING btree ("last_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_topic_uq" ON "support_threads" USING btree ("topic_id");