CREATE TABLE "product_review_stats" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"product_score_sum" integer DEFAULT 0 NOT NULL,
	"service_score_sum" integer DEFAULT 0 NOT NULL,
	"postage_score_sum" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_item_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" text NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spec_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"product_score" smallint NOT NULL,
	"service_score" smallint NOT NULL,
	"postage_score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_scores" CHECK ("reviews"."product_score" between 1 and 5 and "reviews"."service_score" between 1 and 5 and "reviews"."postage_score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "shop_review_stats" (
	"shop_id" bigint PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"favorable" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_review_stats" ADD CONSTRAINT "product_review_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_review_stats" ADD CONSTRAINT "shop_review_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_item_uq" ON "reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");