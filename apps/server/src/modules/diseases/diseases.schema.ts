import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The diagnosis dictionary (ICD-10 codes with Chinese names and the sex they apply to): reference data loaded
 * at migration from diseases.reference.ts. `sortOrder` puts the common diagnoses first in searches.
 */
export const diseases = pgTable(
  'diseases',
  {
    icdCode: text().primaryKey(),
    icdName: text().notNull(),
    /** 'male', 'female' or 'common'. */
    sex: text().notNull(),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [
    check('diseases_sex_known', sql`${t.sex} in ('male', 'female', 'common')`),
    index('diseases_name_idx').on(t.icdName),
  ],
);

/** The diagnoses a prescription product is usually prescribed for (reference data); `isDefault` preselects. */
export const productDiseases = pgTable(
  'product_diseases',
  {
    productCode: text().notNull(),
    icdCode: text()
      .notNull()
      .references(() => diseases.icdCode),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.icdCode] })],
);

export type DiseaseRow = typeof diseases.$inferSelect;
