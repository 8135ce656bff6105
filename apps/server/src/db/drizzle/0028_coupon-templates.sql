CREATE TABLE "coupon_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"all_members" boolean NOT NULL,
	"listed_member_ids" bigint[] NOT NULL,
	"phones" integer NOT NULL,
	"up_to_member_id" bigint NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"done" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"skipped" integer NOT NULL,
	"state" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "coupon_batches_state_check" CHECK ("coupon_batches"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text NOT NULL,
	"coupon_type" smallint NOT NULL,
	"coupon_value" integer NOT NULL,
	"min_consume" integer DEFAULT 0 NOT NULL,
	"days" integer NOT NULL,
	"using_range" text NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"scope_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_type_check" CHECK ("coupon_templates"."coupon_type" in (1, 4)),
	CONSTRAINT "coupon_templates_value_check" CHECK ("coupon_templates"."coupon_value" > 0 and "coupon_templates"."min_consume" >= 0 and "coupon_templates"."days" > 0),
	CONSTRAINT "coupon_templates_scope_check" CHECK ("coupon_templates"."scope" in ('all', 'classCodes', 'productCodes'))
);
--> statement-breakpoint
ALTER TABLE "coin_entries" ADD COLUMN "adjusted_by" text;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_batches_created_idx" ON "coupon_batches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_templates_code_key" ON "coupon_templates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coin_entries_adjusted_idx" ON "coin_entries" USING btree ("created_at","id") WHERE "coin_entries"."adjusted_by" is not null;