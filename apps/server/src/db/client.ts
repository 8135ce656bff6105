import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = { db: Database; kind: 'pglite' | 'postgres'; close(): Promise<void> };

/** PGlite (a real PostgreSQL in WebAssembly, files under dataDir) or a PostgreSQL server: one dialect, one code path. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection (server restart, failover) must not end the process: the pool
    // drops it and the next query opens a new one.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://');
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** Raw SQL for what the query builder cannot say (upserts with CASE, row locks); both drivers answer `{rows}`. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
