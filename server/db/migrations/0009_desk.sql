CREATE TABLE "desk_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"chat_id" bigint,
	"message_id" bigint,
	"photo" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_prompts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"action" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "desk_posts_ref_uq" ON "desk_posts" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "desk_posts_due_idx" ON "desk_posts" USING btree ("next_attempt_at") WHERE "desk_posts"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "desk_prompts_message_uq" ON "desk_prompts" USING btree ("chat_id","message_id");