import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { favorites } from './favorites.schema.ts';

/** The member's favourites with their products as they are now, newest first. */
export async function listMemberFavorites(db: Executor, memberId: number, page: number, size: number) {
  const where = eq(favorites.memberId, memberId);
  const [{ total }] = await db.select({ total: count() }).from(favorites).where(where);
  const rows = await db
    .select({ favorite: favorites, product: products })
    .from(favorites)
    .innerJoin(products, eq(products.productCode, favorites.productCode))
    .where(where)
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

export async function countMemberFavorites(db: Executor, memberId: number) {
  const [{ total }] = await db.select({ total: count() }).from(favorites).where(eq(favorites.memberId, memberId));
  return total;
}

/** Inserts the favourite; answers undefined when the member already keeps the product (the unique key). */
export async function insertFavorite(db: Executor, row: typeof favorites.$inferInsert) {
  const [created] = await db
    .insert(favorites)
    .values(row)
    .onConflictDoNothing({ target: [favorites.memberId, favorites.productCode] })
    .returning();
  return created;
}

export async function findMemberFavoriteByProduct(db: Executor, memberId: number, productCode: string) {
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), eq(favorites.productCode, productCode)));
  return row;
}

/** Which of these products the member keeps. */
export async function findMemberFavoritesByProducts(db: Executor, memberId: number, productCodes: string[]) {
  return db
    .select({ id: favorites.id, productCode: favorites.productCode })
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), inArray(favorites.productCode, productCodes)));
}

/** Deletes the member's own favourite; answers whether there was one. */
export async function deleteMemberFavorite(db: Executor, memberId: number, id: number) {
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.id, id), eq(favorites.memberId, memberId)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}
