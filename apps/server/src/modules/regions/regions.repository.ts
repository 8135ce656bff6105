import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { regions } from './regions.schema.ts';

/** The children of a region in code order; no parent gives the provinces. */
export async function findChildRegions(db: Executor, parentCode: string | undefined) {
  return db
    .select({ code: regions.code, name: regions.name, leaf: regions.isLeaf })
    .from(regions)
    .where(parentCode ? eq(regions.parentCode, parentCode) : isNull(regions.parentCode))
    .orderBy(asc(regions.code));
}

export async function findRegionsByCodes(db: Executor, codes: string[]) {
  if (codes.length === 0) return [];
  return db.select().from(regions).where(inArray(regions.code, codes));
}
