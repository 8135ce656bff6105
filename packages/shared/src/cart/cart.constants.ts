// The cart's limits, without zod (cart.ts, which re-exports them, holds the schemas): the product page's
// quantity input shows the limit and loads no zod for it.

/** Our limits (the spec names none): 99 of one product, 100 different products in one cart. */
export const CART_MAX_QUANTITY = 99;
export const CART_MAX_LINES = 100;
