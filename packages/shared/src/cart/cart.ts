// The shopping cart's limits, request bodies and reply shapes. The pages and the
// server read the same rules.
import { z } from 'zod';
import { productCodeSchema } from '../catalogue/catalogue.ts';
import { MSG } from '../common/messages.ts';

/** Our limits (the spec names none): 99 of one product, 100 different products in one cart. */
export const CART_MAX_QUANTITY = 99;
export const CART_MAX_LINES = 100;

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

export type CartLine = {
  productCode: string;
  productName: string;
  commonTitle: string;
  packing: string;
  productImageUrl: string;
  /** Today's catalogue price, cents. */
  price: number;
  quantity: number;
  selected: boolean;
  prescriptionType: number;
  stockStatus: number;
  classCode: string;
  /** price × quantity, cents. */
  lineTotal: number;
};

export type CartView = {
  items: CartLine[];
  /** Pieces in the whole cart. */
  totalQuantity: number;
  /** Pieces ticked and in stock: what 去结算 takes. */
  selectedQuantity: number;
  /** Money of the ticked lines in stock, cents. */
  productMoney: number;
};
