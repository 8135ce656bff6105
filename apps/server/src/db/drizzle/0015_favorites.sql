CREATE TABLE "favorites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"contact_phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_product_code_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_member_product_key" ON "favorites" USING btree ("member_id","product_code");--> statement-breakpoint
CREATE INDEX "favorites_member_created_idx" ON "favorites" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "product_reservations_member_idx" ON "product_reservations" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "product_reservations_open_product_idx" ON "product_reservations" USING btree ("product_code") WHERE "product_reservations"."arrived_at" is null;