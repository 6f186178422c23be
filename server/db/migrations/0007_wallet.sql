CREATE TABLE "networks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"deposit_address" text NOT NULL,
	"address_pattern" text,
	"min_recharge" integer NOT NULL,
	"min_withdraw" integer NOT NULL,
	"max_withdraw" integer NOT NULL,
	"fee_rate_bps" integer DEFAULT 0 NOT NULL,
	"fee_min" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_amounts" CHECK ("networks"."min_recharge" > 0 and "networks"."min_withdraw" > 0 and "networks"."max_withdraw" >= "networks"."min_withdraw" and "networks"."fee_rate_bps" between 0 and 10000 and "networks"."fee_min" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"bank_name" text,
	"holder" text,
	"card_encrypted" text,
	"card_last4" text,
	"network_id" bigint,
	"address" text,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"arrival_amount" integer,
	"network_id" bigint,
	"network_name" text,
	"from_address" text,
	"tx_hash" text,
	"evidence_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"invoice_link" text,
	"telegram_charge_id" text,
	"provider_charge_id" text,
	"audited_by" text,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_amounts" CHECK ("recharges"."amount" > 0 and ("recharges"."arrival_amount" is null or "recharges"."arrival_amount" > 0) and "recharges"."status" in (0, 1, 2) and ("recharges"."status" <> 1 or "recharges"."arrival_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"bank_name" text,
	"holder" text,
	"card_encrypted" text,
	"card_last4" text,
	"network_id" bigint,
	"network_name" text,
	"address" text,
	"payout_method_id" bigint,
	"audited_by" text,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_evidence_id_uploads_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "networks_name_uq" ON "networks" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_user_fp_uq" ON "payout_methods" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharges_user_status_idx" ON "recharges" USING btree ("user_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_charge_uq" ON "recharges" USING btree ("telegram_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_tx_uq" ON "recharges" USING btree ("network_id",lower("tx_hash")) WHERE "recharges"."tx_hash" is not null and "recharges"."status" <> 2;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_status_idx" ON "withdrawals" USING btree ("user_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");