CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_outbox_idx";--> statement-breakpoint
DROP INDEX "desk_posts_due_idx";--> statement-breakpoint
DROP INDEX "support_messages_unrelayed_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_ref_uq" ON "outbox" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
INSERT INTO "outbox" ("kind", "ref_id", "next_attempt_at", "attempts", "last_error", "created_at")
SELECT 'notification', "id", "next_attempt_at", "attempts", "last_error", "created_at" FROM "notifications"
WHERE "sent_at" is null AND "delivery" is null ORDER BY "id";--> statement-breakpoint
INSERT INTO "outbox" ("kind", "ref_id", "next_attempt_at", "attempts", "last_error", "created_at")
SELECT 'desk', "id", "next_attempt_at", "attempts", "last_error", "created_at" FROM "desk_posts"
WHERE "sent_at" is null ORDER BY "id";--> statement-breakpoint
INSERT INTO "outbox" ("kind", "ref_id", "next_attempt_at", "attempts", "created_at")
SELECT 'relay', "id", "relay_after", "relay_tries", "created_at" FROM "support_messages"
WHERE "relayed_at" is null ORDER BY "id";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "desk_posts" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "desk_posts" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "support_messages" DROP COLUMN "relay_tries";--> statement-breakpoint
ALTER TABLE "support_messages" DROP COLUMN "relay_after";