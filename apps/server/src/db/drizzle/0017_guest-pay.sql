CREATE TABLE "guest_pay_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_pay_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key_hash" text NOT NULL,
	"order_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"bind_deadline" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"bound_at" timestamp with time zone,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	CONSTRAINT "guest_pay_links_wrong_tries_range" CHECK ("guest_pay_links"."wrong_tries" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "guest_pay_links" ADD CONSTRAINT "guest_pay_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_pay_links_key_hash_key" ON "guest_pay_links" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "guest_pay_links_order_idx" ON "guest_pay_links" USING btree ("order_id");