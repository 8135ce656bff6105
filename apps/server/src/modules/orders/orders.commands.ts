// The operator's fulfilment commands (`npm run ops -- ship|logistics|deliver|split|refund|list`): each moves
// orders through the same fulfilment as the console, in one transaction with its audit entry (actor ops).
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { ORDER_STATUS_NAME, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { chinaTime, type OpsCommand, type OpsDeps, opsUsage } from '../../platform/ops-command.ts';
import { createOrderFulfilment } from './order-fulfilment.ts';
import { listRecentOrders } from './orders.ops.ts';
import type { OrderRow } from './orders.schema.ts';

/** The line of an order an operator's command moved: `✔ <code> <what> → <state name> (<state>)`. */
export const orderMovedLine = (row: OrderRow, what: string) =>
  `✔ ${row.ordersCode} ${what} → ${ORDER_STATUS_NAME[row.orderType]} (${row.orderType})`;

const fulfilmentOf = ({ db, clock, log }: OpsDeps) => createOrderFulfilment({ db, clock, log });

export const ordersCommands: OpsCommand[] = [
  {
    name: 'ship',
    args: '<ordersCode> <carrier> <waybill>',
    help: '发货 / ship (carrier and waybill number)',
    async run(deps, args) {
      const [code, carrier, waybill] = args;
      if (!code || !carrier?.trim() || !waybill?.trim()) return opsUsage('ship <ordersCode> <carrier> <waybill>');
      const order = await deps.db.transaction((tx) =>
        fulfilmentOf(deps).ship(tx, code, { carrier: carrier.trim(), waybill: waybill.trim() }, OPS_ACTOR),
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
      await deps.db.transaction((tx) => fulfilmentOf(deps).addLogistics(tx, code, description, OPS_ACTOR));
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
      const row = await deps.db.transaction((tx) => fulfilmentOf(deps).deliver(tx, code, OPS_ACTOR));
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
      const groups = groupArgs.length
        ? groupArgs.map((group) =>
            group
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean),
          )
        : undefined;
      const children = await deps.db.transaction((tx) => fulfilmentOf(deps).split(tx, code, groups, OPS_ACTOR));
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
      const row = await deps.db.transaction((tx) => fulfilmentOf(deps).refund(tx, code, Boolean(flag), OPS_ACTOR));
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
