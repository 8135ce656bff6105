ALTER TABLE "patients" ADD COLUMN "province_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "province_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "city_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "city_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "region_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "region_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "street_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "street_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_region_path" CHECK (("patients"."city_code" is null or "patients"."province_code" is not null) and ("patients"."region_code" is null or "patients"."city_code" is not null) and ("patients"."street_code" is null or "patients"."region_code" is not null));