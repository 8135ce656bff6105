// The operator's commands (`npm run ops -- <command>`): each moves orders through the same services and state
// machine as the API, in one transaction, and answers one line to print. Kept apart from cli.ts (which opens
// the database and prints) so tests run them against a test database.
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { ORDER_STATUS_NAME, type OrderType, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import type { Database } from '../db/client.ts';
import { auditOrder, listRecentOrders, productGroupsOf } from '../modules/orders/orders.ops.ts';
import type { OrderRow } from '../modules/orders/orders.schema.ts';
import { appendLogisticsEvent, applyOrderEvent, shipOrder, splitOrder } from '../modules/orders/orders.service.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';

export type OpsDeps = { db: Database; clock: Clock; paymentTimeoutMinutes: number };
export type OpsResult = { ok: boolean; lines: string[] };

export const OPS_HELP = `安心大药房 operator commands — npm run ops -- <command>

  audit <ordersCode> pass|reject          审核处方订单 / audit a prescription order
  ship <ordersCode> <carrier> <waybill>   发货 / ship (carrier and waybill number)
  logistics <ordersCode> "<description>"  追加物流信息 / append a tracking entry
  deliver <ordersCode>                    标记已签收 / delivered (the shopper then confirms receipt)
  split <ordersCode> [codes,… codes,…]    拆分订单 / split into sub-orders (default: one per product)
  refund <ordersCode> [--complete]        发起退款 / refund (--complete: refund done)
  list [phone]                            最近订单 / newest orders (of one member)
  --help                                  this text

The database is the server's: DATABASE_URL, or PGlite under DATA_DIR. On PGlite, while the server runs,
the command runs inside it (through DATA_DIR/ops.sock); when it does not, on the data directory itself.`;

/** '2026-11-22 14:05' in China time (UTC+8), whatever the machine's zone. */
const chinaTime = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const typeText = (type: OrderType) => `${ORDER_STATUS_NAME[type]} (${type})`;
/** The tracking entry of a delivered parcel. */
const DELIVERED_ENTRY = '快件已签收，感谢您的耐心等待';

const moved = (row: OrderRow, what: string) => `✔ ${row.ordersCode} ${what} → ${typeText(row.orderType)}`;

function usage(message: string): OpsResult {
  return { ok: false, lines: [`✘ ${message}`, 'Run `npm run ops -- --help` for the commands.'] };
}

export async function runOpsCommand(deps: OpsDeps, argv: string[]): Promise<OpsResult> {
  const { db, clock } = deps;
  const [command, ...args] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        return { ok: true, lines: [OPS_HELP] };

      case 'audit': {
        const [code, verdict] = args;
        if (!code || (verdict !== 'pass' && verdict !== 'reject')) return usage('audit <ordersCode> pass|reject');
        const row = await db.transaction((tx) => auditOrder(tx, code, verdict, clock, deps.paymentTimeoutMinutes));
        return {
          ok: true,
          lines: [moved(row, verdict === 'pass' ? '审核通过 audit passed' : '审核驳回 audit rejected')],
        };
      }

      case 'ship': {
        const [code, carrier, waybill] = args;
        if (!code || !carrier?.trim() || !waybill?.trim()) return usage('ship <ordersCode> <carrier> <waybill>');
        const { order } = await db.transaction((tx) =>
          shipOrder(tx, code, { companeName: carrier.trim(), shippingNo: waybill.trim() }, clock),
        );
        return { ok: true, lines: [moved(order, `已发货 shipped by ${carrier.trim()} ${waybill.trim()}`)] };
      }

      case 'logistics': {
        const [code, ...words] = args;
        const description = words.join(' ').trim();
        if (!code || !description) return usage('logistics <ordersCode> "<description>"');
        await db.transaction((tx) => appendLogisticsEvent(tx, code, description, clock.now()));
        return { ok: true, lines: [`✔ ${code} 物流信息已追加 tracking entry added: ${description}`] };
      }

      case 'deliver': {
        const [code] = args;
        if (!code) return usage('deliver <ordersCode>');
        // The carrier's last tracking entry comes with it; the shopper then confirms receipt (确认收货).
        const row = await db.transaction(async (tx) => {
          const delivered = await applyOrderEvent(tx, code, 'deliver', clock);
          await appendLogisticsEvent(tx, code, DELIVERED_ENTRY, clock.now());
          return delivered;
        });
        return { ok: true, lines: [moved(row, '已签收 delivered, waiting for the shopper to confirm receipt')] };
      }

      case 'split': {
        const [code, ...groupArgs] = args;
        if (!code) return usage('split <ordersCode> [codes,… codes,…]');
        const children = await db.transaction(async (tx) => {
          const groups = groupArgs.length
            ? groupArgs.map((group) =>
                group
                  .split(',')
                  .map((item) => item.trim())
                  .filter(Boolean),
              )
            : await productGroupsOf(tx, code);
          return splitOrder(tx, code, groups, clock);
        });
        return {
          ok: true,
          lines: [
            `✔ ${code} 已拆分为 split into ${children.length} 个子订单: ${children
              .map((child) => `${child.ordersCode} ${formatYuanWithSign(child.sum)}`)
              .join(', ')}`,
          ],
        };
      }

      case 'refund': {
        const [code, flag] = args;
        if (!code || (flag !== undefined && flag !== '--complete')) return usage('refund <ordersCode> [--complete]');
        const event = flag ? 'refundComplete' : 'refund';
        const row = await db.transaction((tx) => applyOrderEvent(tx, code, event, clock));
        return { ok: true, lines: [moved(row, flag ? '退款完成 refund completed' : '已发起退款 refund started')] };
      }

      case 'list': {
        const [phone] = args;
        const rows = await listRecentOrders(db, { phone, limit: 20 });
        if (rows.length === 0) return { ok: true, lines: ['（没有订单 no orders）'] };
        return {
          ok: true,
          lines: rows.map((row) =>
            [
              row.ordersCode.padEnd(21),
              ORDER_STATUS_NAME[row.orderType].padEnd(4, '　'),
              row.orderType.padEnd(25),
              formatYuanWithSign(row.sum).padStart(10),
              (PAYMENT_TYPE_NAME[row.paymentType] ?? String(row.paymentType)).padEnd(4, '　'),
              row.isRxDrug ? '处方' : '    ',
              chinaTime(row.creationDate),
              row.phone ?? '',
            ].join('  '),
          ),
        };
      }

      default:
        return usage(`unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, lines: [`✘ ${error.message} (${error.statusCode})`] };
    throw error;
  }
}
