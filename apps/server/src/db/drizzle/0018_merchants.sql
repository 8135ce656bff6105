CREATE TABLE "merchant_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"company_name" text NOT NULL,
	"credit_code" text NOT NULL,
	"drug_licence_no" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"business_licence_image" text NOT NULL,
	"drug_licence_image" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"reviewer" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "merchant_applications_status_check" CHECK ("merchant_applications"."status" in (0, 1, 2)),
	CONSTRAINT "merchant_applications_reason_check" CHECK (("merchant_applications"."status" = 2) = ("merchant_applications"."reject_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_applications_member_idx" ON "merchant_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_one_pending_key" ON "merchant_applications" USING btree ("member_id") WHERE "merchant_applications"."status" = 0;