-- Spends at checkout were written as 订单AX…抵扣 while every other entry of an order reads 原因（订单AX…）:
-- the history now words them all one way (orderCoinDescription in modules/assets/coins.rules.ts).
UPDATE "coin_entries"
SET "description" = '订单抵扣（订单' || "order_code" || '）'
WHERE "order_code" IS NOT NULL AND "amount" < 0 AND "description" = '订单' || "order_code" || '抵扣';
