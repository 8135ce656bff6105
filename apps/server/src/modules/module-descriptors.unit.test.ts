/// <reference types="vite/client" />
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import { memberTablesOf } from '../platform/member-tables.ts';
import { listModules } from './index.ts';

/** Every source file of the modules and the platform, tests and their helpers aside. */
const sources = import.meta.glob(
  [
    './**/*.ts',
    '../platform/**/*.ts',
    '!**/*.test.ts',
    '!**/*.test-support.ts',
    '!**/*.fixtures.ts',
    '!**/fixtures/**',
  ],
  { eager: true },
) as Record<string, Record<string, unknown>>;

function tablesIn(exports: Record<string, unknown>[]): Set<PgTable> {
  const tables = new Set<PgTable>();
  for (const values of exports) for (const value of Object.values(values)) if (is(value, PgTable)) tables.add(value);
  return tables;
}

const hasMemberColumn = (table: PgTable) =>
  Object.entries(getTableColumns(table) as Record<string, PgColumn>).some(
    ([key, column]) => key === 'memberId' || column.name === 'member_id',
  );

const names = (tables: Iterable<PgTable>) => [...tables].map((table) => getTableName(table)).sort();

describe('module descriptors', () => {
  it('decide, for every table with a member column, what account closure and an account merge do with it', () => {
    const memberTables = [...tablesIn(Object.values(sources))].filter(hasMemberColumn);
    expect(names(memberTables)).toContain('uploads');
    const decided = memberTablesOf(listModules()).map((declared) => declared.table);
    expect(names(memberTables.filter((table) => !decided.includes(table)))).toEqual([]);
    expect(names(decided)).toEqual([...new Set(names(decided))]);
    for (const declared of memberTablesOf(listModules()))
      expect(declared.why.length, getTableName(declared.table)).toBeGreaterThan(10);
  });

  it('list every table of db/schema.ts under one module, and each decision under the module that owns the table', () => {
    const owned = listModules().flatMap((module) => module.tables);
    expect(names(owned)).toEqual([...new Set(names(owned))]);
    expect(names([...tablesIn([schema])].filter((table) => !owned.includes(table)))).toEqual([]);
    for (const module of listModules()) {
      for (const declared of module.memberTables ?? []) expect(module.tables).toContain(declared.table);
    }
  });

  it('give a module with an anonymised table the hook that anonymises it', () => {
    for (const module of listModules()) {
      const anonymised = (module.memberTables ?? []).filter((declared) => declared.onClosure === 'anonymise');
      if (anonymised.length > 0) expect(module.closeMember, module.name).toBeTypeOf('function');
    }
  });
});
