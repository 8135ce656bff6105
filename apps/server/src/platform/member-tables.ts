import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MemberTable, MergeAction, ModuleDescriptor } from './module-descriptor.ts';

/** A table whose rows belong to a member through its `memberId` column; `onMerge` is `move` when absent. */
export type MemberOwnedTable = { name: string; table: PgTable; memberId: PgColumn; onMerge?: MergeAction };

/** The table's `memberId` column, or undefined when it has none. */
export function memberIdColumn(table: PgTable): PgColumn | undefined {
  return (getTableColumns(table) as Record<string, PgColumn>).memberId;
}

/**
 * The member-owned tables the modules' descriptors declare, with what a merge does to each; a test fails when a
 * table with a member column is missing there.
 */
export function listMemberOwnedTables(declared: MemberTable[]): MemberOwnedTable[] {
  const tables: MemberOwnedTable[] = [];
  for (const { table, onMerge } of declared) {
    const memberId = memberIdColumn(table);
    if (!memberId) throw new Error(`${getTableName(table)} is declared member-owned but has no memberId column`);
    tables.push({ name: getTableName(table), table, memberId, onMerge });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every decision about a member-owned table, across the modules. */
export const memberTablesOf = (modules: readonly ModuleDescriptor[]): MemberTable[] =>
  modules.flatMap((module) => module.memberTables ?? []);
