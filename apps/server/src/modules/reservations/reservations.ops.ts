// The operator's stock commands (`npm run ops -- restock|stockout <productCode>`), declared in
// reservations.commands.ts.
import { productCodeSchema } from '@anxin/shared/catalogue/catalogue.contract';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { type OpsResult, opsUsage } from '../../platform/ops-command.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { createReservationService } from './reservations.service.ts';

type StockOpsDeps = { db: Database; clock: Clock; sms: SmsProvider; publicOrigin: string };

/** `restock <productCode>`: back on sale; its open reservations arrive and each phone gets one SMS. */
export async function runRestockCommand(deps: StockOpsDeps, args: string[]): Promise<OpsResult> {
  const [code] = args;
  if (args.length !== 1 || !productCodeSchema.safeParse(code).success) return opsUsage('restock <productCode>');
  const { product, texted, failed } = await createReservationService(deps).restock(code as string, OPS_ACTOR);
  return {
    ok: failed.length === 0,
    lines: [
      `✔ ${product.productCode} ${product.name} 已到货 back on sale; ${texted} 条到货短信 arrival SMS sent`,
      ...failed.map((id) => `✘ 登记 ${id} 的到货短信发送失败 SMS of reservation ${id} failed (not retried)`),
    ],
  };
}

/** `stockout <productCode>`: out of stock; its page offers 到货通知 instead of buying. */
export async function runStockoutCommand(deps: StockOpsDeps, args: string[]): Promise<OpsResult> {
  const [code] = args;
  if (args.length !== 1 || !productCodeSchema.safeParse(code).success) return opsUsage('stockout <productCode>');
  const product = await createReservationService(deps).markOutOfStock(code as string, OPS_ACTOR);
  return { ok: true, lines: [`✔ ${product.productCode} ${product.name} 暂时缺货 out of stock`] };
}
