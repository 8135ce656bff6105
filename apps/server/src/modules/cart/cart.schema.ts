import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import { products } from '../catalogue/catalogue.schema.ts';

/** One product line of a member's shopping cart. Newest lines first (by id); prices are read from the catalogue. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    productCode: text()
      .notNull()
      .references(() => products.productCode),
    quantity: integer().notNull(),
    /** Ticked for settlement. */
    selected: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('cart_items_member_product_key').on(t.memberId, t.productCode),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
