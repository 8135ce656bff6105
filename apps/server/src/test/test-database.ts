import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const TMP_DIR = resolve(import.meta.dirname, '../../../../.tmp/test-db');

/** Per test run (the runner's pid), so that two runs on one machine do not share a template. */
export type TemplateName = string;
/**
 * PGlite's template is its data directory as a tarball: each test file starts an in-memory database from it,
 * which opens in a third of the time of a copied directory and closes without writing anything to disk.
 */
const pgliteTemplateDump = (template: TemplateName) => join(TMP_DIR, `${template}.tar`);
/** The dump read once per worker (API test files share their worker's modules). */
const pgliteDumps = new Map<TemplateName, Blob>();

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database. FORCE ends its connections, but an autovacuum worker may be busy on it and a role
 * without pg_signal_backend cannot end that one: wait for it a little.
 */
async function dropDatabase(url: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, `drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Once per run: a migrated database (with reference data) that each test file copies. */
export async function prepareTemplate(
  kind: DatabaseKind,
): Promise<{ template: TemplateName; dispose(): Promise<void> }> {
  const template = `anxin_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (kind === 'pglite') {
    mkdirSync(TMP_DIR, { recursive: true });
    const dir = join(TMP_DIR, template);
    const handle = await openDatabase({ dataDir: dir });
    await migrateDatabase(handle);
    await handle.close();
    const migrated = await PGlite.create(dir);
    writeFileSync(pgliteTemplateDump(template), Buffer.from(await (await migrated.dumpDataDir('none')).arrayBuffer()));
    await migrated.close();
    rmSync(dir, { recursive: true, force: true });
    return { template, dispose: async () => rmSync(pgliteTemplateDump(template), { force: true }) };
  }
  const url = requirePostgresUrl();
  await adminQuery(url, `create database ${template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template) });
  await migrateDatabase(handle);
  await handle.close();
  return { template, dispose: () => dropDatabase(url, template) };
}

/** A fresh copy of the template for one test file; close() throws the copy away. */
export async function openTestDatabase(kind: DatabaseKind, template: TemplateName): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    let dump = pgliteDumps.get(template);
    if (!dump) {
      dump = new Blob([readFileSync(pgliteTemplateDump(template))]);
      pgliteDumps.set(template, dump);
    }
    return openDatabase({ loadDataDir: dump });
  }
  const url = requirePostgresUrl();
  const name = `anxin_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name} template ${template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(url, name);
    },
  };
}

function requirePostgresUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}
