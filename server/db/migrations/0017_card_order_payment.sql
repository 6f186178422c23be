ALTER TABLE "recharges" ADD COLUMN "pay_out_trade_no" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "pay_order_id" bigint;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "settlement" jsonb;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_pay_order_id_orders_id_fk" FOREIGN KEY ("pay_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_pays_orders" CHECK (("recharges"."pay_out_trade_no" is null and "recharges"."pay_order_id" is null) or ("recharges"."type" = 'card' and ("recharges"."pay_out_trade_no" is null) <> ("recharges"."pay_order_id" is null)));