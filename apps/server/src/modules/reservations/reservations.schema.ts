import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import { products } from '../catalogue/catalogue.schema.ts';

/**
 * Drug reservations (缺货登记): a member asks to be texted at `contactPhone` when an out-of-stock product
 * arrives. Open while `arrivedAt` is null (采购中); the operator's restock sets it (已到货) and texts the phone,
 * once: only the restock whose conditional UPDATE moved the row sends. One open reservation per member and
 * product is kept by the booking under the member's row lock, not by a unique index, so an account merge can
 * move the rows as they are.
 */
export const productReservations = pgTable(
  'product_reservations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productCode: text()
      .notNull()
      .references(() => products.productCode),
    /** The mainland mobile the arrival SMS goes to (the member's own phone by default, or another). */
    contactPhone: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the restock marked it arrived; null while purchasing. */
    arrivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('product_reservations_member_idx').on(t.memberId, t.createdAt),
    index('product_reservations_open_product_idx').on(t.productCode).where(sql`${t.arrivedAt} is null`),
  ],
);
export type ReservationRow = typeof productReservations.$inferSelect;
