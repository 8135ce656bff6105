import {
  DEFAULT_RX_ORDER_SETTINGS,
  type RxOrderSettings,
  rxOrderSettingsSchema,
} from '@anxin/shared/inquiry/inquiry.contract';
import { type RxSettingsChange, rxSettingsChangeSchema } from '@anxin/shared/staff/console-rx.contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';

export const RX_SETTINGS_KEY = 'rx-order-settings';

/** The Rx order settings: the operator's stored values over the defaults. */
export async function readRxOrderSettings(db: Executor): Promise<RxOrderSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, RX_SETTINGS_KEY));
  const stored = rxOrderSettingsSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_RX_ORDER_SETTINGS, ...(stored.success ? stored.data : {}) };
}

/** Writes some of the settings over the stored ones; answers the settings now in force. */
export async function updateRxOrderSettings(
  db: Executor,
  changes: Partial<RxOrderSettings>,
  clock: Clock,
): Promise<RxOrderSettings> {
  const next = rxOrderSettingsSchema.parse({ ...(await readRxOrderSettings(db)), ...changes });
  await db
    .insert(shopSettings)
    .values({ key: RX_SETTINGS_KEY, value: next, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: next, updatedAt: clock.now() } });
  return next;
}

/**
 * A pharmacist's change (处方设置 in the console, `npm run ops -- rx-settings key=value…`), which both check
 * against the shared schema first (the route's body, the command's words), written with its audit entry (the
 * changed settings before → after) in one transaction. Answers the settings now in force.
 */
export async function changeRxOrderSettings(
  db: Database,
  input: RxSettingsChange,
  actor: AuditActor,
  clock: Clock,
): Promise<RxOrderSettings> {
  const change = rxSettingsChangeSchema.parse(input);
  return db.transaction(async (tx) => {
    const before = await readRxOrderSettings(tx);
    const after = await updateRxOrderSettings(tx, change, clock);
    const changed = (Object.keys(change) as (keyof RxOrderSettings)[]).filter((key) => before[key] !== after[key]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        at: clock.now(),
        action: 'rx.settings',
        objectType: 'settings',
        objectId: RX_SETTINGS_KEY,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
    }
    return after;
  });
}
