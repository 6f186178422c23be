CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"service_type" text NOT NULL,
	"receiving_status" text NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"amount" integer NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason_type" text NOT NULL,
	"explain" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_address" text,
	"return_carrier" text,
	"return_tracking_no" text,
	"refuse_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_pos" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_uq" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id","id" DESC NULLS FIRST);