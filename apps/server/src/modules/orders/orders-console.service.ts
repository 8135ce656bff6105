import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { maskPhone } from '@anxin/shared/common/phone';
import { ORDER_STATUS_NAME, type OrderType, transition } from '@anxin/shared/orders/order-status';
import {
  AUDIT_ACTION_NAME,
  CONSOLE_ORDER_COUNT_CAP,
  CONSOLE_ORDER_PAGE_SIZE,
  type ConsoleOrderAction,
  type ConsoleOrderDetail,
  type ConsoleOrderPage,
  type ConsoleOrderQuery,
  chinaDayStart,
} from '@anxin/shared/staff/console.contract';
import { REFUND_LIMIT_CENTS } from '@anxin/shared/staff/staff-roles';
import { and, count, desc, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AppServices } from '../../app-services.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import { members } from '../account/account.module.ts';
import { findAuditEntriesOf } from '../audit/audit.module.ts';
import { findLogisticsEvents, findShipmentByOrderId } from './logistics.repository.ts';
import { createOrderFulfilment } from './order-fulfilment.ts';
import { findLinesOfOrders, findOrderByCode, findSubOrders, lockOrderByCode } from './orders.repository.ts';
import { type OrderRow, orderLines, orders } from './orders.schema.ts';

/** Orders that can still be split (before shipping), as the order service allows it. */
const SPLITTABLE: readonly OrderType[] = ['waitAudit', 'waitPay', 'waitDelivery'];

/** The order's own moves by their timestamps (the member's, the payment's, the jobs' and the staff's alike). */
const MOMENTS: [keyof OrderRow, string][] = [
  ['creationDate', '下单'],
  ['paidAt', '付款'],
  ['auditedAt', '处方审核'],
  ['shippingTime', '发货'],
  ['deliveredAt', '快递签收'],
  ['receivedAt', '确认收货'],
  ['completedAt', '评价完成'],
  ['canceledAt', '订单取消'],
  ['refundedAt', '退款完成'],
];

/** The LIKE pattern of text's start, its own % and _ plain characters. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** What the order's state allows an operator to do (the page also hides what the staff member may not). */
function actionsOf(order: OrderRow, hasShipment: boolean, productCount: number): ConsoleOrderAction[] {
  if (order.isSplit) return [];
  const facts = {
    isRxDrug: order.isRxDrug,
    isPrescriptionComplete: order.isPrescriptionComplete,
    isPaid: order.paidAt !== null,
    paymentType: order.paymentType,
    isDelivered: order.deliveredAt !== null,
  };
  const can = (event: Parameters<typeof transition>[1]) => transition(order.orderType, event, facts) !== null;
  const actions: ConsoleOrderAction[] = [];
  if (can('ship')) actions.push('ship');
  if (hasShipment && order.orderType === 'waitReceiving') actions.push('logistics');
  if (can('deliver')) actions.push('deliver');
  if (!order.parentOrderCode && SPLITTABLE.includes(order.orderType) && productCount >= 2) actions.push('split');
  if (can('refund')) actions.push('refund');
  if (can('refundComplete')) actions.push('refundComplete');
  return actions;
}

/**
 * The orders side of the console (docs/CONSOLE.md, 订单): search, one order with its timeline, and the acts,
 * each through the fulfilment the command line uses, audited as the staff member who made it.
 */
export function createOrdersConsoleService(services: AppServices) {
  const { db, clock, log } = services;
  const fulfilment = createOrderFulfilment({ db, clock, log });

  async function detail(ordersCode: string): Promise<ConsoleOrderDetail> {
    const order = await findOrderByCode(db, ordersCode);
    if (!order) throw notFound();
    const [lines, shipment, children, staffActs, [owner]] = await Promise.all([
      findLinesOfOrders(db, [order.id]),
      findShipmentByOrderId(db, order.id),
      order.isSplit ? findSubOrders(db, order.ordersCode) : Promise.resolve([]),
      findAuditEntriesOf(db, 'order', order.ordersCode),
      db.select({ phone: members.phone }).from(members).where(eq(members.id, order.memberId)),
    ]);
    const events = shipment ? [...(await findLogisticsEvents(db, shipment.id))].reverse() : [];
    const timeline = [
      ...MOMENTS.flatMap(([field, title]) => {
        const at = order[field];
        if (!(at instanceof Date)) return [];
        const detail = field === 'canceledAt' ? order.cancelReason : null;
        return [{ at: at.toISOString(), title, detail, actor: null }];
      }),
      ...staffActs.map((entry) => ({
        at: entry.at,
        title: AUDIT_ACTION_NAME[entry.action] ?? entry.action,
        detail: entry.after ? JSON.stringify(entry.after) : null,
        actor: entry.actor,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      ordersCode: order.ordersCode,
      parentOrderCode: order.parentOrderCode,
      isSplit: order.isSplit,
      children: children.map((child) => ({
        ordersCode: child.ordersCode,
        orderType: child.orderType,
        statusName: ORDER_STATUS_NAME[child.orderType],
        sum: child.sum,
      })),
      orderType: order.orderType,
      statusName: ORDER_STATUS_NAME[order.orderType],
      isRxDrug: order.isRxDrug,
      paymentType: order.paymentType,
      productMoney: order.productMoney,
      transportCosts: order.transportCosts,
      couponValue: order.couponValue,
      mallCoinMoney: order.mallCoinMoney,
      sum: order.sum,
      creationDate: order.creationDate.toISOString(),
      memberPhone: owner?.phone ? maskPhone(owner.phone) : null,
      consignee: order.consignee,
      consigneePhone: order.consigneePhone,
      deliveryAddress: order.deliveryAddress,
      remark: order.remark,
      lines: lines.map((line) => ({
        productCode: line.productCode,
        productName: line.productName,
        packing: line.packing,
        amount: line.amount,
        actualPrice: line.actualPrice,
        prescriptionType: line.prescriptionType,
        refundedQuantity: line.refundedQuantity,
        afterSaleHeld: line.afterSaleHeld,
      })),
      shipment: shipment
        ? {
            carrier: shipment.companeName,
            waybill: shipment.shippingNo,
            events: events.map((event) => ({ time: event.time.toISOString(), description: event.description })),
          }
        : null,
      timeline,
      actions: actionsOf(order, Boolean(shipment), new Set(lines.map((line) => line.productCode)).size),
      isRefundAboveLimit: order.sum > REFUND_LIMIT_CENTS,
    };
  }

  return {
    /** Newest first, split containers left out (their sub-orders are the orders), deleted ones kept. */
    async search(query: ConsoleOrderQuery & { page: number }): Promise<ConsoleOrderPage> {
      const conditions: (SQL | undefined)[] = [sql`${orders.isSplit} = false`];
      // Order codes are upper case (AX…): a prefix in any case finds them through orders_code_prefix_idx.
      if (query.code) conditions.push(like(orders.ordersCode, startsWith(query.code.toUpperCase())));
      if (query.phone) {
        // The member's orders and the consignee's, each found on its own index and put together: as one OR the
        // planner walks every order newest first looking for either (270 ms instead of 1 ms with 1M orders).
        const owners = db.select({ id: members.id }).from(members).where(eq(members.phone, query.phone));
        const placed = db
          .select({ id: orders.id })
          .from(orders)
          .where(and(sql`${orders.isSplit} = false`, inArray(orders.memberId, owners)));
        const received = db
          .select({ id: orders.id })
          .from(orders)
          .where(and(sql`${orders.isSplit} = false`, eq(orders.consigneePhone, query.phone)));
        conditions.push(inArray(orders.id, unionAll(placed, received)));
      }
      if (query.status) conditions.push(eq(orders.orderType, query.status));
      if (query.from) conditions.push(gte(orders.creationDate, chinaDayStart(query.from)));
      if (query.to) conditions.push(lt(orders.creationDate, chinaDayStart(query.to, 1)));
      const where = and(...conditions);
      // Counted up to a cap: past it the page says 10000+ instead of counting a million rows on every search.
      const matching = db
        .select({ one: sql`1` })
        .from(orders)
        .where(where)
        .limit(CONSOLE_ORDER_COUNT_CAP + 1)
        .as('matching');
      const [total] = await db.select({ value: count() }).from(matching);
      const rows = await db
        .select({
          order: orders,
          phone: members.phone,
          itemCount:
            sql<number>`(select coalesce(sum(${orderLines.amount}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(where)
        .orderBy(desc(orders.creationDate), desc(orders.id))
        .limit(CONSOLE_ORDER_PAGE_SIZE)
        .offset((query.page - 1) * CONSOLE_ORDER_PAGE_SIZE);
      const counted = total?.value ?? 0;
      const totalElements = Math.min(counted, CONSOLE_ORDER_COUNT_CAP);
      return {
        content: rows.map(({ order, phone, itemCount }) => ({
          ordersCode: order.ordersCode,
          parentOrderCode: order.parentOrderCode,
          orderType: order.orderType,
          statusName: ORDER_STATUS_NAME[order.orderType],
          sum: order.sum,
          paymentType: order.paymentType,
          isRxDrug: order.isRxDrug,
          creationDate: order.creationDate.toISOString(),
          consignee: order.consignee,
          memberPhone: phone ? maskPhone(phone) : null,
          itemCount,
        })),
        totalElements,
        totalPages: Math.ceil(totalElements / CONSOLE_ORDER_PAGE_SIZE),
        page: query.page,
        size: CONSOLE_ORDER_PAGE_SIZE,
        isTotalCapped: counted > CONSOLE_ORDER_COUNT_CAP,
      };
    },

    detail,

    async ship(ordersCode: string, shipment: { carrier: string; waybill: string }, staff: StaffPrincipal) {
      await db.transaction((tx) => fulfilment.ship(tx, ordersCode, shipment, staff));
      return detail(ordersCode);
    },

    async addLogistics(ordersCode: string, text: string, staff: StaffPrincipal) {
      await db.transaction((tx) => fulfilment.addLogistics(tx, ordersCode, text, staff));
      return detail(ordersCode);
    },

    async deliver(ordersCode: string, staff: StaffPrincipal) {
      await db.transaction((tx) => fulfilment.deliver(tx, ordersCode, staff));
      return detail(ordersCode);
    },

    async split(ordersCode: string, groups: string[][] | undefined, staff: StaffPrincipal) {
      await db.transaction((tx) => fulfilment.split(tx, ordersCode, groups, staff));
      return detail(ordersCode);
    },

    /** A refund above REFUND_LIMIT_CENTS needs `orders.refund.unlimited` (the admin): 403 otherwise. */
    async refund(ordersCode: string, complete: boolean, staff: StaffPrincipal) {
      await db.transaction(async (tx) => {
        const order = await lockOrderByCode(tx, ordersCode);
        if (!order) throw notFound();
        if (order.sum > REFUND_LIMIT_CENTS && !staff.permissions.includes('orders.refund.unlimited')) {
          throw new AppError(403, ErrorCode.forbidden, MSG.consoleRefundOverLimit);
        }
        await fulfilment.refund(tx, ordersCode, complete, staff);
      });
      return detail(ordersCode);
    },
  };
}
