import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

/** What a LISTEN subscription reports: each payload, and whether notifications can arrive at all right now. */
export type NotificationHandlers = { onMessage(payload: string): void; onListening(listening: boolean): void };
/** Subscribes to a NOTIFY channel; answers the function that ends the subscription. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

export type DatabaseHandle = { db: Database; kind: 'pglite' | 'postgres'; listen: Listen; close(): Promise<void> };

/** PGlite (a real PostgreSQL in WebAssembly, files under dataDir) or a PostgreSQL server: one dialect, one code path. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data directory dumped as a tarball (`dumpDataDir`): an in-memory database starts from it. */
  loadDataDir?: Blob;
  /** Where connection trouble is logged (the server's logger; JSON lines on stdout when not given). */
  log?: Pick<Logger, 'error'>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const log = options.log ?? pino();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection (server restart, failover) must not end the process: the pool
    // drops it and the next query opens a new one.
    pool.on('error', (error) => log.error({ reason: error.message }, 'PostgreSQL connection lost'));
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnServer(options.databaseUrl as string, channel, handlers),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(options.dataDir ?? 'memory://', { loadDataDir: options.loadDataDir });
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database,
    kind: 'pglite',
    // One process owns the embedded database, so its notifications cannot be missed while it is open.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onListening(true);
      return async () => {
        handlers.onListening(false);
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection is reported
 * (`onListening(false)`: notifications may have been missed) and opened again a second later.
 */
async function listenOnServer(connectionString: string, channel: string, handlers: NotificationHandlers) {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let isStopped = false;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    handlers.onListening(false);
    client.end().catch(() => undefined);
    if (!isStopped) retry = setTimeout(() => void connect(), 1000).unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (client === current) handlers.onListening(true);
    } catch {
      lost(client);
    }
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    handlers.onListening(false);
    const client = current;
    current = undefined;
    await client?.end();
  };
}

/** Raw SQL for what the query builder cannot say (upserts with CASE, row locks); both drivers answer `{rows}`. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
