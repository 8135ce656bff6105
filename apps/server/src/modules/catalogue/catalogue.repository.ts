import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ProductRow, products } from './catalogue.schema.ts';

/** `%`, `_` and `\` typed by the shopper are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every word of the keyword must appear in the name, common name, manufacturer or search words. */
function keywordCondition(keyword: string): SQL | undefined {
  const words = keyword.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(products.name, pattern),
        ilike(products.commonTitle, pattern),
        ilike(products.manufacturer, pattern),
        ilike(products.keywords, pattern),
      );
    }),
  );
}

/** A page of products matching the keyword: in-stock first, then the catalogue's order. */
export async function searchProducts(db: Executor, keyword: string, page: number, size: number) {
  const where = keywordCondition(keyword);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.stockStatus), asc(products.sortOrder), asc(products.productCode))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ value: count() }).from(products).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findProduct(db: Executor, productCode: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.productCode, productCode));
  return row;
}

/** The products of these codes, keyed by code (unknown codes are simply absent). */
export async function findProductsByCodes(db: Executor, productCodes: string[]): Promise<Map<string, ProductRow>> {
  if (productCodes.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.productCode, productCodes));
  return new Map(rows.map((row) => [row.productCode, row]));
}

/**
 * Sets a product's stock status (the operator's restock and stock-out) and answers the row, locked by the
 * update until the caller's transaction ends: a booking that reads the product `for share` waits for it.
 */
export async function updateProductStock(db: Executor, productCode: string, stockStatus: number) {
  const [row] = await db.update(products).set({ stockStatus }).where(eq(products.productCode, productCode)).returning();
  return row;
}

/** The product, locked for a change of it until the caller's transaction ends (two stock changes queue). */
export async function findProductForUpdate(db: Executor, productCode: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.productCode, productCode)).for('update');
  return row;
}

/** The product, share-locked until the caller's transaction ends (a restock waits for the booking). */
export async function findProductForShare(db: Executor, productCode: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.productCode, productCode)).for('share');
  return row;
}
