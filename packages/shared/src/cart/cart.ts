// The shopping cart's limits, request bodies and reply shapes. The pages and the
// server read the same rules.
import { z } from 'zod';
import { productCodeSchema } from '../catalogue/catalogue.contract.ts';
import { MSG } from '../common/messages.ts';
import { CART_MAX_QUANTITY } from './cart.constants.ts';

export * from './cart.constants.ts';

export const cartQuantitySchema = z
  .number({ error: MSG.cartQuantityRange })
  .int({ error: MSG.cartQuantityRange })
  .min(1, { error: MSG.cartQuantityRange })
  .max(CART_MAX_QUANTITY, { error: MSG.cartQuantityRange });

/** `POST /v2/memberShopCarts/items`: a list of {productCode, num (1), sourceHost}. */
export const addCartItemsBodySchema = z
  .array(
    z.object({
      productCode: productCodeSchema,
      num: cartQuantitySchema.default(1),
      sourceHost: z.string().max(200).optional(),
    }),
  )
  .min(1, { error: MSG.badRequest })
  .max(50, { error: MSG.badRequest });
export type AddCartItemsBody = z.input<typeof addCartItemsBodySchema>;

/** `PUT /v2/memberShopCarts/items/{productCode}`: a new quantity and / or whether the line is ticked. */
export const updateCartItemBodySchema = z
  .object({ quantity: cartQuantitySchema.optional(), selected: z.boolean().optional() })
  .refine((body) => body.quantity !== undefined || body.selected !== undefined, { error: MSG.badRequest });
export type UpdateCartItemBody = z.infer<typeof updateCartItemBodySchema>;

/** `PUT /v2/memberShopCarts/selection`: tick or untick every line. */
export const selectAllCartItemsBodySchema = z.object({ selected: z.boolean() });

/** One line of the cart as the API answers it. */
export const cartLineSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  commonTitle: z.string(),
  packing: z.string(),
  productImageUrl: z.string(),
  price: z.number().int().describe('cents, today’s catalogue price'),
  quantity: z.number().int(),
  selected: z.boolean(),
  prescriptionType: z.number().int(),
  stockStatus: z.number().int(),
  classCode: z.string(),
  /** price × quantity, cents. */
  lineTotal: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The cart as every cart call answers it (read, add, change a line, tick all). */
export const cartViewSchema = z.object({
  items: z.array(cartLineSchema),
  /** Pieces in the whole cart. */
  totalQuantity: z.number().int(),
  /** Pieces ticked and in stock: what 去结算 takes. */
  selectedQuantity: z.number().int(),
  productMoney: z.number().int().describe('cents, ticked lines in stock'),
});
export type CartView = z.infer<typeof cartViewSchema>;
