import {
  type CheckoutRuleLine,
  checkoutRefusal,
  MALL_CONFIG_GROUPS,
  type MallConfig,
  type MallConfigGroup,
  mallConfigGroupOf,
  mergeMallConfig,
} from '@anxin/shared/mall/mall-config';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import { shopSettings } from '../../platform/platform.schema.ts';

// The operator's values live in `shop_settings` (the table of the Rx order settings), one row per group holding
// only the keys that were set: a default changed in code applies to every key nobody set.
const rowKeyOf = (group: MallConfigGroup) => `mall-config:${group}`;

/** The operator's stored values per group (only what was set). */
async function readStoredGroups(db: Executor): Promise<Partial<Record<MallConfigGroup, Record<string, unknown>>>> {
  const rows = await db
    .select()
    .from(shopSettings)
    .where(inArray(shopSettings.key, MALL_CONFIG_GROUPS.map(rowKeyOf)));
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
     * Sets some keys (already checked against their schemas by the caller). Each group's row gets the changes
     * merged into its stored keys by the database (`value || changes`), so two operators setting different keys
     * at once both keep theirs. Answers the configuration now in force.
     */
    async update(changes: Partial<MallConfig>): Promise<MallConfig> {
      const byGroup = new Map<MallConfigGroup, Record<string, unknown>>();
      for (const [key, value] of Object.entries(changes)) {
        const group = mallConfigGroupOf(key);
        if (!group) throw new Error(`updateMallConfig: unknown key ${key}`);
        byGroup.set(group, { ...byGroup.get(group), [key]: value });
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        for (const [group, values] of byGroup) {
          await tx
            .insert(shopSettings)
            .values({ key: rowKeyOf(group), value: values, updatedAt: now })
            .onConflictDoUpdate({
              target: shopSettings.key,
              set: { value: sql`${shopSettings.value} || excluded.value`, updatedAt: now },
            });
        }
        return read(tx);
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
