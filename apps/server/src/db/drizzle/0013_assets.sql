CREATE TABLE "coin_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"order_code" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_entries_amount_check" CHECK ("coin_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"member_id" bigint NOT NULL,
	"coupon_type" smallint NOT NULL,
	"coupon_value" integer NOT NULL,
	"min_consume" integer DEFAULT 0 NOT NULL,
	"using_range" text NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"scope_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text,
	"active_date" timestamp with time zone NOT NULL,
	"expired_date" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_order_code" text,
	"gift_slot" smallint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."coupon_type" in (1, 4)),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."coupon_value" > 0 and "coupons"."min_consume" >= 0),
	CONSTRAINT "coupons_scope_check" CHECK ("coupons"."scope" in ('all', 'classCodes', 'productCodes')),
	CONSTRAINT "coupons_used_check" CHECK (("coupons"."used_at" is null) = ("coupons"."used_order_code" is null))
);
--> statement-breakpoint
ALTER TABLE "coin_entries" ADD CONSTRAINT "coin_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_entries_member_idx" ON "coin_entries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_member_idx" ON "coupons" USING btree ("member_id","expired_date");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_member_gift_slot_key" ON "coupons" USING btree ("member_id","gift_slot");