import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { addCartItems, cartItems } from '../cart/cart.module.ts';
import { settlements } from './checkout.schema.ts';

/**
 * A few lines in the demo member's cart (an ordinary product, a prescription one on the demand list, one not
 * ticked), so the cart page has something to show. Only for a cart that was never used: once the member has
 * settled anything, a restart adds nothing (so it is the checkout's seed, which knows the settlements).
 */
export async function seedDemoCart(db: Database, _clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const [line] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.memberId, member.id))
    .limit(1);
  const [settled] = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(eq(settlements.memberId, member.id))
    .limit(1);
  if (line || settled) return;
  await db.transaction(async (tx) => {
    await addCartItems(tx, member.id, [{ productCode: '1000301', quantity: 2 }]);
    await addCartItems(tx, member.id, [{ productCode: '1000401', quantity: 1 }]);
    await addCartItems(tx, member.id, [{ productCode: '1000102', quantity: 1 }]);
    await tx
      .update(cartItems)
      .set({ selected: false })
      .where(and(eq(cartItems.memberId, member.id), eq(cartItems.productCode, '1000301')));
  });
}
