DROP INDEX "orders_member_list_idx";--> statement-breakpoint
DROP INDEX "orders_member_type_idx";--> statement-breakpoint
CREATE INDEX "orders_member_list_idx" ON "orders" USING btree ("member_id","creation_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."deleted_at" is null and "orders"."is_split" = false;--> statement-breakpoint
CREATE INDEX "orders_member_type_idx" ON "orders" USING btree ("member_id","order_type","creation_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."deleted_at" is null and "orders"."is_split" = false;