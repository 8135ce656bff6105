import {
  type CheckoutRuleLine,
  checkoutRefusal,
  MALL_CONFIG_GROUPS,
  type MallConfig,
  type MallConfigGroup,
  type MallConfigKey,
  mallConfigGroupOf,
  mergeMallConfig,
} from '@anxin/shared/mall/mall-config';
import type { MallConfigChanges } from '@anxin/shared/staff/console-operations.contract';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';

// The operator's values live in `shop_settings` (the table of the Rx order settings), one row per group holding
// only the keys that were set: a default changed in code applies to every key nobody set.
const rowKeyOf = (group: MallConfigGroup) => `mall-config:${group}`;

/** The operator's stored values per group (only what was set). */
async function readStoredGroups(
  db: Executor,
  { lock = false } = {},
): Promise<Partial<Record<MallConfigGroup, Record<string, unknown>>>> {
  const query = db
    .select()
    .from(shopSettings)
    .where(inArray(shopSettings.key, MALL_CONFIG_GROUPS.map(rowKeyOf)));
  const rows = lock ? await query.for('update') : await query;
  const stored: Partial<Record<MallConfigGroup, Record<string, unknown>>> = {};
  for (const group of MALL_CONFIG_GROUPS) {
    const row = rows.find((item) => item.key === rowKeyOf(group));
    if (row && typeof row.value === 'object' && row.value !== null)
      stored[group] = row.value as Record<string, unknown>;
  }
  return stored;
}

export function createMallConfigService({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * The configuration in force: both groups' stored values over the defaults. Read afresh on every call (two
   * rows by primary key), so an operator's change shows on the next page load of every server process.
   */
  async function read(executor: Executor = db): Promise<MallConfig> {
    return mergeMallConfig(await readStoredGroups(executor));
  }

  return {
    read,

    /**
     * Sets some keys (already checked against their schemas by the caller); a key given null goes back to its
     * default (its stored value is removed, so a default changed in code reaches it again). Each group's row gets
     * the changes merged into its stored keys by the database (`value - resets || sets`), so two operators
     * setting different keys at once both keep theirs. The audit entry (the keys before → after) is written in
     * the same transaction. Answers the configuration now in force.
     */
    async update(changes: MallConfigChanges, actor: AuditActor): Promise<MallConfig> {
      const byGroup = new Map<MallConfigGroup, { sets: Record<string, unknown>; resets: string[] }>();
      for (const [key, value] of Object.entries(changes)) {
        const group = mallConfigGroupOf(key);
        if (!group) throw new Error(`updateMallConfig: unknown key ${key}`);
        const entry = byGroup.get(group) ?? { sets: {}, resets: [] };
        if (value === null) entry.resets.push(key);
        else entry.sets[key] = value;
        byGroup.set(group, entry);
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        // The rows are locked first, so the entry's "before" is what this change replaced.
        const before = mergeMallConfig(await readStoredGroups(tx, { lock: true }));
        for (const [group, { sets, resets }] of byGroup) {
          const kept = resets.length
            ? sql`(${shopSettings.value} - array[${sql.join(
                resets.map((key) => sql`${key}`),
                sql`, `,
              )}]::text[])`
            : sql`${shopSettings.value}`;
          await tx
            .insert(shopSettings)
            .values({ key: rowKeyOf(group), value: sets, updatedAt: now })
            .onConflictDoUpdate({
              target: shopSettings.key,
              set: { value: sql`${kept} || excluded.value`, updatedAt: now },
            });
        }
        const after = await read(tx);
        const keys = Object.keys(changes) as MallConfigKey[];
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'mall.config',
          objectType: 'mall-config',
          objectId: [...byGroup.keys()].join(','),
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: Object.fromEntries(keys.map((key) => [key, after[key]])),
        });
        return after;
      });
    },

    /**
     * `onlinePay` off: nothing starts an online payment, neither an order placed for it nor a payment of an
     * order placed before (409 with `message`). A payment already under way at the cashier is still applied
     * when its notification comes: the shopper has paid.
     */
    async assertOnlinePayOpen(executor: Executor, message: string) {
      if (!(await read(executor)).onlinePay) throw conflict(message);
    },

    /**
     * The mall configuration's checkout rules (`checkoutRefusal`: 立即购买 of a prescription product,
     * prescription drugs with non-drug products, the pieces and money limits) on the configuration in force: 409
     * with the rule's message. Called when a settlement is made and again, inside the placing transaction (the
     * executor), when the order is placed.
     */
    async assertCheckoutAllowed(executor: Executor, source: 'cart' | 'buyNow', lines: CheckoutRuleLine[]) {
      const refusal = checkoutRefusal(await read(executor), source, lines);
      if (refusal) throw conflict(refusal);
    },
  };
}
