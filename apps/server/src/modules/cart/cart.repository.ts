import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@anxin/shared/cart/cart';
import { MSG } from '@anxin/shared/common/messages';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { cartItems } from './cart.schema.ts';

export type CartItemInput = { productCode: string; quantity: number };

/**
 * Puts products into a member's cart (the cart API, and rebuy of the orders module). Adding a product that is
 * already there adds to its quantity (at most 99) and ticks it. Codes that are not in the catalogue are
 * skipped. Takes the member lock, so the 100-lines limit holds under concurrent adds: over it, throws 409 and
 * the caller's transaction adds nothing. Answers the codes that were added.
 */
export async function addCartItems(tx: Executor, memberId: number, items: CartItemInput[]): Promise<string[]> {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productCode, (merged.get(item.productCode) ?? 0) + item.quantity);
  if (merged.size === 0) return [];
  await lockMember(tx, memberId);
  const known = await tx
    .select({ productCode: products.productCode })
    .from(products)
    .where(inArray(products.productCode, [...merged.keys()]));
  if (known.length === 0) return [];
  await tx
    .insert(cartItems)
    .values(
      known.map(({ productCode }) => ({
        memberId,
        productCode,
        quantity: Math.min(Math.max(1, merged.get(productCode) ?? 1), CART_MAX_QUANTITY),
        selected: true,
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.memberId, cartItems.productCode],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${sql.raw(String(CART_MAX_QUANTITY))})`,
        selected: true,
      },
    });
  const [lines] = await tx.select({ value: count() }).from(cartItems).where(eq(cartItems.memberId, memberId));
  if ((lines?.value ?? 0) > CART_MAX_LINES) throw conflict(MSG.cartLineLimit);
  return known.map(({ productCode }) => productCode);
}

/** The member's cart lines with today's product data, newest first. */
export async function listCartLines(db: Executor, memberId: number) {
  return db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.productCode, cartItems.productCode))
    .where(eq(cartItems.memberId, memberId))
    .orderBy(desc(cartItems.id));
}

/** Changes one line of the member's cart; answers false when the member has no such line. */
export async function updateCartItem(
  db: Executor,
  memberId: number,
  productCode: string,
  changes: { quantity?: number; selected?: boolean },
): Promise<boolean> {
  const updated = await db
    .update(cartItems)
    .set(changes)
    .where(and(eq(cartItems.memberId, memberId), eq(cartItems.productCode, productCode)))
    .returning({ id: cartItems.id });
  return updated.length > 0;
}

export async function setAllCartItemsSelected(db: Executor, memberId: number, selected: boolean) {
  await db.update(cartItems).set({ selected }).where(eq(cartItems.memberId, memberId));
}

/** Removes lines from the member's cart (a removal, or the lines an order has just bought). */
export async function removeCartItems(db: Executor, memberId: number, productCodes: string[]): Promise<number> {
  if (productCodes.length === 0) return 0;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.productCode, productCodes)))
    .returning({ id: cartItems.id });
  return removed.length;
}
