CREATE TABLE "logistics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"compane_name" text NOT NULL,
	"shipping_no" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"logistics_id" bigint NOT NULL,
	"description" text NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"product_image_url" text,
	"packing" text,
	"amount" integer NOT NULL,
	"actual_price" integer NOT NULL,
	"mark" smallint DEFAULT 1 NOT NULL,
	"prescription_type" smallint DEFAULT 2 NOT NULL,
	"combination_id" text,
	"class_code" text,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"orders_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"parent_order_code" text,
	"is_split" boolean DEFAULT false NOT NULL,
	"order_type" text NOT NULL,
	"order_status" smallint NOT NULL,
	"is_rx_drug" boolean DEFAULT false NOT NULL,
	"is_prescription_complete" boolean DEFAULT false NOT NULL,
	"payment_type" smallint NOT NULL,
	"pay_source" text DEFAULT 'PC' NOT NULL,
	"consignee" text NOT NULL,
	"consignee_phone" text NOT NULL,
	"delivery_address" text NOT NULL,
	"address_id" bigint,
	"product_money" integer NOT NULL,
	"transport_costs" integer DEFAULT 0 NOT NULL,
	"coupon_value" integer DEFAULT 0 NOT NULL,
	"sum" integer NOT NULL,
	"invoice" boolean DEFAULT false NOT NULL,
	"invoice_type" text,
	"consignee_type" text,
	"tax_payer_number" text,
	"invoice_content" text,
	"remark" text,
	"creation_date" timestamp with time zone NOT NULL,
	"pay_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"audited_at" timestamp with time zone,
	"shipping_time" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"refunded_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"product_code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"content" text NOT NULL,
	"labels" jsonb NOT NULL,
	"is_anonymity" boolean DEFAULT false NOT NULL,
	"images" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logistics" ADD CONSTRAINT "logistics_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_events" ADD CONSTRAINT "logistics_events_logistics_id_logistics_id_fk" FOREIGN KEY ("logistics_id") REFERENCES "public"."logistics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_order_key" ON "logistics" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "logistics_events_logistics_idx" ON "logistics_events" USING btree ("logistics_id","time");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_orders_code_key" ON "orders" USING btree ("orders_code");--> statement-breakpoint
CREATE INDEX "orders_member_list_idx" ON "orders" USING btree ("member_id","creation_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."deleted_at" is null and "orders"."is_split" = false;--> statement-breakpoint
CREATE INDEX "orders_member_type_idx" ON "orders" USING btree ("member_id","order_type","creation_date" DESC NULLS LAST) WHERE "orders"."deleted_at" is null and "orders"."is_split" = false;--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_code") WHERE "orders"."parent_order_code" is not null;--> statement-breakpoint
CREATE INDEX "orders_pay_deadline_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."order_type" = 'waitPay';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_product_key" ON "reviews" USING btree ("order_id","product_code");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_code","created_at" DESC NULLS LAST);