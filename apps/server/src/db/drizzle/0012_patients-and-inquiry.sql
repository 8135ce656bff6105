CREATE TABLE "diseases" (
	"icd_code" text PRIMARY KEY NOT NULL,
	"icd_name" text NOT NULL,
	"sex" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "diseases_sex_known" CHECK ("diseases"."sex" in ('male', 'female', 'common'))
);
--> statement-breakpoint
CREATE TABLE "product_diseases" (
	"product_code" text NOT NULL,
	"icd_code" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_diseases_product_code_icd_code_pk" PRIMARY KEY("product_code","icd_code")
);
--> statement-breakpoint
CREATE TABLE "inquiry_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiry_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inquiry_links_kind_known" CHECK ("inquiry_links"."kind" in ('complete', 'chronic'))
);
--> statement-breakpoint
CREATE TABLE "order_inquiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"patient_id" bigint,
	"patient_name" text NOT NULL,
	"patient_snapshot_enc" text NOT NULL,
	"diagnoses" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"prescription_images_enc" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"pharmacist_name" text,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_inquiries_status_known" CHECK ("order_inquiries"."status" in ('reviewing', 'passed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_data_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_data_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"purpose" text NOT NULL,
	"fields" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"name" text NOT NULL,
	"consignee_phone" text NOT NULL,
	"certificate_type" smallint NOT NULL,
	"certificate_number_enc" text NOT NULL,
	"certificate_number_hash" text NOT NULL,
	"certificate_number_masked" text NOT NULL,
	"sex" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"relation_label" text NOT NULL,
	"health_info_enc" text NOT NULL,
	"guardian_enc" text,
	"guardian_consent_at" timestamp with time zone,
	"is_validate_name" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "patients_sex_known" CHECK ("patients"."sex" in (0, 1)),
	CONSTRAINT "patients_certificate_type_known" CHECK ("patients"."certificate_type" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "forbidden_age_less" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "forbidden_age_greater" smallint;--> statement-breakpoint
ALTER TABLE "product_diseases" ADD CONSTRAINT "product_diseases_icd_code_diseases_icd_code_fk" FOREIGN KEY ("icd_code") REFERENCES "public"."diseases"("icd_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_links" ADD CONSTRAINT "inquiry_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_inquiries" ADD CONSTRAINT "order_inquiries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diseases_name_idx" ON "diseases" USING btree ("icd_name");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_links_token_key" ON "inquiry_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "order_inquiries_order_key" ON "order_inquiries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_inquiries_queue_idx" ON "order_inquiries" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "patient_data_reads_patient_idx" ON "patient_data_reads" USING btree ("patient_id","read_at");--> statement-breakpoint
CREATE INDEX "patients_member_idx" ON "patients" USING btree ("member_id","is_default","id");