import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The products the mall sells: reference data loaded at migration
 * (catalogue.reference.ts). Price in integer cents; prescription type 2, 3 non-prescription, 4, 5 prescription;
 * stock status 2 in stock, 4 out of stock.
 */
export const products = pgTable(
  'products',
  {
    productCode: text().primaryKey(),
    /** The name shown in lists: brand and common name. */
    name: text().notNull(),
    /** The common (generic) name, also printed on the generated package image. */
    commonTitle: text().notNull(),
    packing: text().notNull(),
    price: integer().notNull(),
    prescriptionType: smallint().notNull(),
    stockStatus: smallint().notNull(),
    classCode: text().notNull(),
    manufacturer: text().notNull(),
    description: text().notNull(),
    /** Further search words (symptoms, the class name), separated by spaces. */
    keywords: text().notNull().default(''),
    /** Lower shows first among equals in search results. */
    sortOrder: integer().notNull().default(0),
    /** Prescription products: banned for patients younger than this many years, null for no ban. */
    forbiddenAgeLess: smallint(),
    /** Banned for patients older than this many years. */
    forbiddenAgeGreater: smallint(),
  },
  (t) => [
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_prescription_type_known', sql`${t.prescriptionType} in (2, 3, 4, 5)`),
    check('products_stock_status_known', sql`${t.stockStatus} in (2, 4)`),
    index('products_class_idx').on(t.classCode),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
