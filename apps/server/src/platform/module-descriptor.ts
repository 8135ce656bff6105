import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { OpsCommand } from './ops-command.ts';
import type { Secrets } from './secrets.ts';
import type { FileStorage } from './storage/file-storage.ts';

/**
 * What the account-closure job does with a member's rows once the cooling-off period is over:
 * - `delete`: personal data the pharmacy has no reason to keep; the rows go.
 * - `anonymise`: the rows stay but the module's `closeMember` strips what could identify the member; the
 *   member link then points at the anonymised closed member.
 * - `keep-for-law`: records the law makes the pharmacy keep (drug sales, payments); they stay untouched,
 *   linked to the anonymised closed member.
 */
export type ClosureAction = 'delete' | 'anonymise' | 'keep-for-law';

/**
 * What linking two accounts (bind-phone) does with the old account's rows:
 * - `move`: they become the kept account's (unique clashes settled by the merge).
 * - `drop`: they are deleted with the old account.
 * - `derived`: the database recomputes them (triggers); the merge leaves them alone.
 */
export type MergeAction = 'move' | 'drop' | 'derived';

/** The decision for one table whose rows belong to a member (it has a `memberId` column). */
export type MemberTable = { table: PgTable; onClosure: ClosureAction; onMerge: MergeAction; why: string };

/** Run after the closure transaction committed (files in storage cannot roll back with the rows). */
export type AfterClosure = (deps: { storage: FileStorage }) => Promise<void>;

/**
 * One per module, collected in `modules/index.ts`, the one place a module is registered: the app registers
 * its routes from that list, `npm run ops` finds its commands there, the seed, the reference data, the account
 * merge and the closure job go through it (through `AppServices.modules`: no module imports the list), and a
 * test fails when a table with a member column has no decision here.
 */
export type ModuleDescriptor = {
  name: string;
  /** The module's HTTP routes, registered under the API prefix. */
  routes?: FastifyPluginAsync[];
  /** The operator's commands of the module (`npm run ops -- <name>`), listed and run by ops/commands.ts. */
  commands?: OpsCommand[];
  /** Every table the module owns (`memberTables` says what happens to the member-owned ones). */
  tables: PgTable[];
  memberTables?: MemberTable[];
  /**
   * Called inside the closure transaction before the `delete` tables are emptied: anonymises the module's
   * `anonymise` tables and does what a plain delete cannot (dependent rows, files after commit).
   */
  closeMember?: (tx: Transaction, memberId: number) => Promise<AfterClosure | undefined>;
  /** Demo data for `npm start` outside production; idempotent. `secrets` for seeds that encrypt (patients). */
  seed?: (db: Database, clock: Clock, storage: FileStorage, secrets?: Secrets) => Promise<unknown>;
  /** Subscribes the module to the events of the modules below it (order events…); called once as the app starts. */
  subscribe?: () => void;
  /** Reference data loaded right after migrations in every environment; idempotent. */
  referenceData?: (db: Database) => Promise<unknown>;
};
