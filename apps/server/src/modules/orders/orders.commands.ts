// The operator's fulfilment commands (`npm run ops -- ship|logistics|deliver|split|refund|list`): each moves
// orders through the same service and state machine as the API, in one transaction.
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { ORDER_STATUS_NAME, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import { chinaTime, type OpsCommand, type OpsDeps, opsUsage } from '../../platform/ops-command.ts';
import { listRecentOrders, productGroupsOf } from './orders.ops.ts';
import type { OrderRow } from './orders.schema.ts';
import { createOrderService } from './orders.service.ts';

/** The tracking entry of a delivered parcel. */
const DELIVERED_ENTRY = '快件已签收，感谢您的耐心等待';

/** The line of an order an operator's command moved: `✔ <code> <what> → <state name> (<state>)`. */
export const orderMovedLine = (row: OrderRow, what: string) =>
  `✔ ${row.ordersCode} ${what} → ${ORDER_STATUS_NAME[row.orderType]} (${row.orderType})`;

const orderServiceOf = ({ db, clock, log }: OpsDeps) => createOrderService({ db, clock, log });

export const ordersCommands: OpsCommand[] = [
  {
    name: 'ship',
    args: '<ordersCode> <carrier> <waybill>',
    help: '发货 / ship (carrier and waybill number)',
    async run(deps, args) {
      const [code, carrier, waybill] = args;
      if (!code || !carrier?.trim() || !waybill?.trim()) return opsUsage('ship <ordersCode> <carrier> <waybill>');
      const { order } = await deps.db.transaction((tx) =>
        orderServiceOf(deps).shipOrder(tx, code, { companeName: carrier.trim(), shippingNo: waybill.trim() }),
      );
      return { ok: true, lines: [orderMovedLine(order, `已发货 shipped by ${carrier.trim()} ${waybill.trim()}`)] };
    },
  },
  {
    name: 'logistics',
    args: '<ordersCode> "<description>"',
    help: '追加物流信息 / append a tracking entry',
    async run(deps, args) {
      const [code, ...words] = args;
      const description = words.join(' ').trim();
      if (!code || !description) return opsUsage('logistics <ordersCode> "<description>"');
      await deps.db.transaction((tx) =>
        orderServiceOf(deps).appendLogisticsEvent(tx, code, description, deps.clock.now()),
      );
      return { ok: true, lines: [`✔ ${code} 物流信息已追加 tracking entry added: ${description}`] };
    },
  },
  {
    name: 'deliver',
    args: '<ordersCode>',
    help: '标记已签收 / delivered (the shopper then confirms receipt)',
    async run(deps, args) {
      const [code] = args;
      if (!code) return opsUsage('deliver <ordersCode>');
      const orderService = orderServiceOf(deps);
      // The carrier's last tracking entry comes with it; the shopper then confirms receipt (确认收货).
      const row = await deps.db.transaction(async (tx) => {
        const delivered = await orderService.applyOrderEvent(tx, code, 'deliver');
        await orderService.appendLogisticsEvent(tx, code, DELIVERED_ENTRY, deps.clock.now());
        return delivered;
      });
      return { ok: true, lines: [orderMovedLine(row, '已签收 delivered, waiting for the shopper to confirm receipt')] };
    },
  },
  {
    name: 'split',
    args: '<ordersCode> [codes,… codes,…]',
    help: '拆分订单 / split into sub-orders (default: one per product)',
    async run(deps, args) {
      const [code, ...groupArgs] = args;
      if (!code) return opsUsage('split <ordersCode> [codes,… codes,…]');
      const children = await deps.db.transaction(async (tx) => {
        const groups = groupArgs.length
          ? groupArgs.map((group) =>
              group
                .split(',')
                .map((item) => item.trim())
                .filter(Boolean),
            )
          : await productGroupsOf(tx, code);
        return orderServiceOf(deps).splitOrder(tx, code, groups);
      });
      return {
        ok: true,
        lines: [
          `✔ ${code} 已拆分为 split into ${children.length} 个子订单: ${children
            .map((child) => `${child.ordersCode} ${formatYuanWithSign(child.sum)}`)
            .join(', ')}`,
        ],
      };
    },
  },
  {
    name: 'refund',
    args: '<ordersCode> [--complete]',
    help: '发起退款 / refund (--complete: refund done)',
    async run(deps, args) {
      const [code, flag] = args;
      if (!code || (flag !== undefined && flag !== '--complete')) return opsUsage('refund <ordersCode> [--complete]');
      const event = flag ? 'refundComplete' : 'refund';
      const row = await deps.db.transaction((tx) => orderServiceOf(deps).applyOrderEvent(tx, code, event));
      return {
        ok: true,
        lines: [orderMovedLine(row, flag ? '退款完成 refund completed' : '已发起退款 refund started')],
      };
    },
  },
  {
    name: 'list',
    args: '[phone]',
    help: '最近订单 / newest orders (of one member)',
    async run(deps, args) {
      const [phone] = args;
      const rows = await listRecentOrders(deps.db, { phone, limit: 20 });
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
    },
  },
];
