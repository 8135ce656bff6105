import type { Disease, DiseaseSex } from '@anxin/shared/inquiry/inquiry.contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { diseases, productDiseases } from './diseases.schema.ts';

/** `%`, `_` and `\` typed by the shopper are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const diseaseColumns = { icdCode: diseases.icdCode, icdName: diseases.icdName, sex: diseases.sex };
const toDisease = (row: { icdCode: string; icdName: string; sex: string }): Disease => ({
  icdCode: row.icdCode,
  icdName: row.icdName,
  sex: row.sex as DiseaseSex,
});

export type DiseaseSearch = { name: string; sex?: number; page: number; size: number };

/**
 * The word search: the name contains the keyword or the ICD code starts with it (both case-insensitive);
 * for a patient's sex (0 male, 1 female) only the diseases of that sex and the common ones.
 */
function searchCondition({ name, sex }: Pick<DiseaseSearch, 'name' | 'sex'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (name) {
    const literal = escapeLike(name);
    conditions.push(or(ilike(diseases.icdName, `%${literal}%`), ilike(diseases.icdCode, `${literal}%`)));
  }
  if (sex !== undefined) conditions.push(inArray(diseases.sex, ['common', sex === 0 ? 'male' : 'female']));
  return and(...conditions);
}

/** A page of the dictionary matching the search, the common diagnoses first, then by code. */
export async function searchDiseases(db: Executor, search: DiseaseSearch) {
  const where = searchCondition(search);
  const rows = await db
    .select(diseaseColumns)
    .from(diseases)
    .where(where)
    .orderBy(asc(diseases.sortOrder), asc(diseases.icdCode))
    .limit(search.size)
    .offset((search.page - 1) * search.size);
  const [total] = await db.select({ value: count() }).from(diseases).where(where);
  return { rows: rows.map(toDisease), total: total?.value ?? 0 };
}

/** The dictionary entries of these codes, keyed by code (unknown codes are simply absent). */
export async function findDiseasesByCodes(db: Executor, codes: readonly string[]): Promise<Map<string, Disease>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select(diseaseColumns)
    .from(diseases)
    .where(inArray(diseases.icdCode, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.icdCode, toDisease(row)]));
}

/**
 * The dictionary entries of these exact Chinese names, keyed by name (unknown names are absent). Should two
 * entries share a name (one dropped from the file stays in the table), the first in the dictionary's order wins.
 */
export async function findDiseasesByNames(db: Executor, names: readonly string[]): Promise<Map<string, Disease>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select(diseaseColumns)
    .from(diseases)
    .where(inArray(diseases.icdName, [...new Set(names)]))
    .orderBy(asc(diseases.sortOrder), asc(diseases.icdCode));
  const result = new Map<string, Disease>();
  for (const row of rows) if (!result.has(row.icdName)) result.set(row.icdName, toDisease(row));
  return result;
}

export type ProductDisease = Disease & { isDefault: boolean };

/**
 * The usual diagnoses of each product (for the inquiry's diseasesList): every asked code is a key, with an
 * empty list when the product has none; each list has the default ones first, then the dictionary's order.
 */
export async function findProductDiseases(
  db: Executor,
  productCodes: readonly string[],
): Promise<Map<string, ProductDisease[]>> {
  const result = new Map<string, ProductDisease[]>(productCodes.map((code) => [code, []]));
  if (productCodes.length === 0) return result;
  const rows = await db
    .select({ productCode: productDiseases.productCode, isDefault: productDiseases.isDefault, ...diseaseColumns })
    .from(productDiseases)
    .innerJoin(diseases, eq(diseases.icdCode, productDiseases.icdCode))
    .where(inArray(productDiseases.productCode, [...new Set(productCodes)]))
    .orderBy(
      asc(productDiseases.productCode),
      desc(productDiseases.isDefault),
      asc(diseases.sortOrder),
      asc(diseases.icdCode),
    );
  for (const row of rows) result.get(row.productCode)?.push({ ...toDisease(row), isDefault: row.isDefault });
  return result;
}
