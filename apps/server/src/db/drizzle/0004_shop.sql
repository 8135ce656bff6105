CREATE TABLE "products" (
	"product_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"common_title" text NOT NULL,
	"packing" text NOT NULL,
	"price" integer NOT NULL,
	"prescription_type" smallint NOT NULL,
	"stock_status" smallint NOT NULL,
	"class_code" text NOT NULL,
	"manufacturer" text NOT NULL,
	"description" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_price_positive" CHECK ("products"."price" > 0),
	CONSTRAINT "products_prescription_type_known" CHECK ("products"."prescription_type" in (2, 3, 4, 5)),
	CONSTRAINT "products_stock_status_known" CHECK ("products"."stock_status" in (2, 4))
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"source" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"orders_code" text
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_codes" jsonb NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"channel" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"pay_source" text NOT NULL,
	"platform" text NOT NULL,
	"pay_url" text NOT NULL,
	"trade_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"notify_payload" jsonb,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_class_idx" ON "products" USING btree ("class_code");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_member_product_key" ON "cart_items" USING btree ("member_id","product_code");--> statement-breakpoint
CREATE INDEX "settlements_member_idx" ON "settlements" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_member_idx" ON "payments" USING btree ("member_id","created_at");