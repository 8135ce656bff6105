ALTER TABLE "orders" ADD COLUMN "is_freight_coupon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The orders placed before: a freight subsidy is the coupon (type 4) the order used; a sub-order keeps its parent's.
UPDATE "orders" SET "is_freight_coupon" = true FROM "coupons"
  WHERE "coupons"."used_order_code" = "orders"."orders_code" AND "coupons"."coupon_type" = 4;--> statement-breakpoint
UPDATE "orders" AS "child" SET "is_freight_coupon" = "parent"."is_freight_coupon" FROM "orders" AS "parent"
  WHERE "child"."parent_order_code" = "parent"."orders_code" AND "parent"."is_freight_coupon";
