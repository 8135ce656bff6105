import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
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

/** `text` inside a LIKE pattern: its own % and _ plain characters. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The console's stock list: products by code (its start) or name (a part), in or out of stock, each with its
 * open reservations counted; the most awaited first, then by code.
 */
export async function listProductStock(
  db: Executor,
  query: { text?: string; stockStatus?: number; page: number; size: number },
) {
  const where = and(
    query.text
      ? or(
          ilike(products.productCode, `${likeEscaped(query.text)}%`),
          ilike(products.name, `%${likeEscaped(query.text)}%`),
        )
      : undefined,
    query.stockStatus === undefined ? undefined : eq(products.stockStatus, query.stockStatus),
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const waiting = db
    .select({ productCode: productReservations.productCode, waiting: count().as('waiting') })
    .from(productReservations)
    .where(isNull(productReservations.arrivedAt))
    .groupBy(productReservations.productCode)
    .as('waiting');
  const waitingCount = sql<number>`coalesce(${waiting.waiting}, 0)`.mapWith(Number);
  const rows = await db
    .select({ product: products, waiting: waitingCount })
    .from(products)
    .leftJoin(waiting, eq(waiting.productCode, products.productCode))
    .where(where)
    .orderBy(desc(waitingCount), asc(products.productCode))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { rows, total };
}

/** The console's reservation list, newest first: by product, the contact phone's start, open or arrived. */
export async function listReservationsForConsole(
  db: Executor,
  query: { productCode?: string; phone?: string; arrived?: boolean; page: number; size: number },
) {
  const conditions: (SQL | undefined)[] = [
    query.productCode ? eq(productReservations.productCode, query.productCode) : undefined,
    query.phone ? ilike(productReservations.contactPhone, `${likeEscaped(query.phone)}%`) : undefined,
    query.arrived === undefined
      ? undefined
      : query.arrived
        ? isNotNull(productReservations.arrivedAt)
        : isNull(productReservations.arrivedAt),
  ];
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(productReservations).where(where);
  const rows = await db
    .select({ reservation: productReservations, productName: products.name })
    .from(productReservations)
    .innerJoin(products, eq(products.productCode, productReservations.productCode))
    .where(where)
    .orderBy(desc(productReservations.createdAt), desc(productReservations.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { rows, total };
}
