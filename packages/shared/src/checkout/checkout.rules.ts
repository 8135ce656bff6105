// Freight, an order's amounts and the payment types of settlement, without zod (checkout.ts, which re-exports
// them, holds the request bodies and replies): the product page shows the free-freight threshold and loads no
// zod for it.

/**
 * Freight (the spec leaves it open; our rule): free from ¥99.00 of product money, else ¥10.00.
 * An empty order costs nothing.
 */
export const FREE_FREIGHT_THRESHOLD = 9900;
export const STANDARD_FREIGHT = 1000;

export function freightFor(productMoney: number): number {
  if (productMoney <= 0 || productMoney >= FREE_FREIGHT_THRESHOLD) return 0;
  return STANDARD_FREIGHT;
}

export type Amounts = { productMoney: number; freight: number; discount: number; sum: number };

/** The amounts of an order from its lines (unit price in cents × quantity); discount: coupons (none yet). */
export function amountsFor(lines: { price: number; quantity: number }[], discount = 0): Amounts {
  const productMoney = lines.reduce((total, line) => total + line.price * line.quantity, 0);
  const freight = freightFor(productMoney);
  return { productMoney, freight, discount, sum: Math.max(0, productMoney + freight - discount) };
}

/** 99 online payment, 1 cash on delivery: the two a shopper can choose at settlement. */
export const SETTLE_PAYMENT_TYPES = [99, 1] as const;
export const SETTLE_PAYMENT_TYPE_LABEL: Record<(typeof SETTLE_PAYMENT_TYPES)[number], string> = {
  99: '在线支付',
  1: '货到付款',
};
