CREATE TABLE "after_sale_lines" (
	"after_sale_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "after_sale_lines_after_sale_id_order_line_id_pk" PRIMARY KEY("after_sale_id","order_line_id"),
	CONSTRAINT "after_sale_lines_quantity_check" CHECK ("after_sale_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"member_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"orders_code" text NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"refund_amount" integer NOT NULL,
	"refund_coins" integer NOT NULL,
	"freight_amount" integer NOT NULL,
	"is_whole_order" boolean NOT NULL,
	"reject_reason" text,
	"return_address" text,
	"return_carrier" text,
	"return_waybill_no" text,
	"reviewed_by" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"shipped_back_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"refunding_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "after_sales_amounts_check" CHECK ("after_sales"."refund_amount" >= 0 and "after_sales"."refund_coins" >= 0 and "after_sales"."freight_amount" >= 0),
	CONSTRAINT "after_sales_reject_reason_check" CHECK (("after_sales"."status" = 'rejected') = ("after_sales"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "red_letter_invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_letter_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"refund_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"amount_without_tax" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"pdf_name" text
);
--> statement-breakpoint
DROP INDEX "refunds_order_key";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "after_sale_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "after_sale_code" text;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_letter_invoices" ADD CONSTRAINT "red_letter_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_letter_invoices" ADD CONSTRAINT "red_letter_invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_code_key" ON "after_sales" USING btree ("code");--> statement-breakpoint
CREATE INDEX "after_sales_member_idx" ON "after_sales" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sales_open_idx" ON "after_sales" USING btree ("created_at","id") WHERE "after_sales"."status" in ('pending', 'awaitingReturn', 'refunding');--> statement-breakpoint
CREATE UNIQUE INDEX "red_letter_invoices_refund_key" ON "red_letter_invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_letter_invoices_number_key" ON "red_letter_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "red_letter_invoices_invoice_idx" ON "red_letter_invoices" USING btree ("invoice_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_after_sale_key" ON "refunds" USING btree ("after_sale_code");--> statement-breakpoint
CREATE INDEX "refunds_orders_code_idx" ON "refunds" USING btree ("orders_code");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("orders_code") WHERE "refunds"."after_sale_code" is null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_after_sale_within_amount" CHECK ("order_lines"."after_sale_held" >= 0 and "order_lines"."refunded_quantity" >= 0 and "order_lines"."after_sale_held" + "order_lines"."refunded_quantity" <= "order_lines"."amount");