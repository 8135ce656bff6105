import {
  DEFAULT_RX_ORDER_SETTINGS,
  type RxOrderSettings,
  rxOrderSettingsSchema,
} from '@anxin/shared/inquiry/inquiry.contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopSettings } from '../../platform/platform.schema.ts';

const RX_SETTINGS_KEY = 'rx-order-settings';

/** The Rx order settings: the operator's stored values over the defaults. */
export async function readRxOrderSettings(db: Executor): Promise<RxOrderSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, RX_SETTINGS_KEY));
  const stored = rxOrderSettingsSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_RX_ORDER_SETTINGS, ...(stored.success ? stored.data : {}) };
}

/** Changes some of the settings (`npm run ops -- rx-settings key=value…`); answers the settings now in force. */
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
