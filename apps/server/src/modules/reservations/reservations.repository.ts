import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { productReservations } from './reservations.schema.ts';

/** The member's reservations with their products as they are now, newest first. */
export async function listMemberReservations(db: Executor, memberId: number, page: number, size: number) {
  const where = eq(productReservations.memberId, memberId);
  const [{ total }] = await db.select({ total: count() }).from(productReservations).where(where);
  const rows = await db
    .select({ reservation: productReservations, product: products })
    .from(productReservations)
    .innerJoin(products, eq(products.productCode, productReservations.productCode))
    .where(where)
    .orderBy(desc(productReservations.createdAt), desc(productReservations.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

/** The member's open (purchasing) reservation of the product, if any. */
export async function findOpenReservation(db: Executor, memberId: number, productCode: string) {
  const [row] = await db
    .select()
    .from(productReservations)
    .where(
      and(
        eq(productReservations.memberId, memberId),
        eq(productReservations.productCode, productCode),
        isNull(productReservations.arrivedAt),
      ),
    );
  return row;
}

export async function insertReservation(db: Executor, row: typeof productReservations.$inferInsert) {
  const [created] = await db.insert(productReservations).values(row).returning();
  return created;
}

export async function updateReservationPhone(db: Executor, id: number, contactPhone: string) {
  const [row] = await db
    .update(productReservations)
    .set({ contactPhone })
    .where(eq(productReservations.id, id))
    .returning();
  return row;
}

/** Deletes the member's own reservation; answers whether there was one. */
export async function deleteMemberReservation(db: Executor, memberId: number, id: number) {
  const deleted = await db
    .delete(productReservations)
    .where(and(eq(productReservations.id, id), eq(productReservations.memberId, memberId)))
    .returning({ id: productReservations.id });
  return deleted.length > 0;
}

/**
 * Marks the product's open reservations arrived and answers those it moved. Conditional on `arrived_at is
 * null`: of two restocks at the same time, PostgreSQL re-checks the condition on the row the first one
 * committed, so each reservation is answered (and texted) by exactly one of them.
 */
export async function markReservationsArrived(db: Executor, productCode: string, now: Date) {
  return db
    .update(productReservations)
    .set({ arrivedAt: now })
    .where(and(eq(productReservations.productCode, productCode), isNull(productReservations.arrivedAt)))
    .returning({ id: productReservations.id, contactPhone: productReservations.contactPhone });
}
