DROP INDEX "uploads_user_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'avatar' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_path_uq" ON "uploads" USING btree ("path");--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."used_at" is null;--> statement-breakpoint
-- Uploads already in use as avatars before this migration count as used, so the sweep keeps them.
UPDATE "uploads" SET "used_at" = now() WHERE "path" IN (SELECT "avatar" FROM "users");