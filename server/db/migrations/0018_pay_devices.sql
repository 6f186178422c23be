CREATE TABLE "pay_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"label" text NOT NULL,
	"credential_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pay_devices" ADD CONSTRAINT "pay_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_devices_credential_uq" ON "pay_devices" USING btree ("credential_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_devices_user_device_uq" ON "pay_devices" USING btree ("user_id","device_id");