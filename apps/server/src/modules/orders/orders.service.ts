/**
 * Orders: the state machine applied to rows, and what other modules need to create and move orders.
 *
 * `createOrderService({ db, clock, log })` is made once by each service that places or moves orders (settlement,
 * payments, the member's actions, the pharmacist's review, the operator CLI, the automatic cancel). Every method
 * but `cancelExpiredOrders` runs in the caller's transaction `tx`, its first argument (open it with
 * `db.transaction`):
 * - `placeOrder(tx, input, { paymentTimeoutMinutes })` → `{ order, lines }`: inserts the order and its line
 *   snapshots; computes productMoney (Σ amount × actualPrice), sum, isRxDrug (any line of prescription type 4
 *   or 5), the first state (`initialOrderType`: waitAudit for prescription orders, waitDelivery for cash on
 *   delivery, else waitPay) and the online payment deadline. Settlement may also insert rows itself; then use
 *   `initialOrderType` and ORDER_STATUS_CODE from `@anxin/shared/orders/order-status`.
 * - `applyOrderEvent(tx, ordersCode, event, { memberId?, actor? })` → the updated order row. Locks the row
 *   (`select … for update`), asks `transition()` of the shared state machine, writes type, status, the event's
 *   timestamp (paidAt, canceledAt, shippingTime…) and version + 1. Missing order (or, with memberId, another
 *   member's or a deleted one): 404. A move the state does not allow: 409 `当前订单状态不支持该操作`; paying an
 *   incomplete prescription: 409 `请先完善处方问诊信息后再付款`. Events: pay, cancel, autoCancel, auditPass,
 *   auditReject, ship, deliver, confirmReceipt, evaluate, refund, refundComplete. Each move is logged to `log`.
 * - `auditOrder(tx, ordersCode, verdict, paymentTimeoutMinutes)`: the order side of the pharmacist's review.
 * - `shipOrder(tx, ordersCode, { companeName, shippingNo })`: event ship + the shipment row + a first logistics
 *   entry. `appendLogisticsEvent(tx, ordersCode, description, time)`: one more tracking entry.
 * - `splitOrder(tx, ordersCode, groups)`: groups are lists of productCodes, one per sub-order; the order becomes
 *   a hidden container and each group a sub-order `<code>-1`, `<code>-2`… in the same state.
 * - `recordPartRefund(tx, ordersCode, refund)`: part of the money went back (after-sales); emits partRefunded.
 * - `cancelExpiredOrders({ batchSize? })`: cancels unpaid online orders past their deadline, each in a
 *   transaction of its own on `db` (the scheduler runs it).
 */
import { randomInt } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import {
  initialOrderType,
  isOnlinePayment,
  isPrescriptionType,
  ORDER_STATUS_CODE,
  type OrderEvent,
  type OrderType,
  PAYMENT_TYPE,
  transition,
} from '@anxin/shared/orders/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import type { AuditActor } from '../audit/audit.module.ts';
import { findShipmentByOrderCode, insertLogisticsEvent, insertShipment } from './logistics.repository.ts';
import { orderEvents } from './order-events.ts';
import {
  countUncanceledSubOrders,
  findExpiredUnpaidOrderCodes,
  findLinesOfOrders,
  insertOrder,
  insertOrderLines,
  lockOrderByCode,
  updateOrderVersioned,
} from './orders.repository.ts';
import type { NewOrderLineRow, NewOrderRow, OrderLineRow, OrderRow } from './orders.schema.ts';
import { splitShares } from './split-shares.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** 'AX' + yyyyMMdd in China time + 8 random digits, e.g. AX2026112204718263. */
export function createOrderCode(clock: Clock): string {
  const china = new Date(clock.now().getTime() + CHINA_OFFSET_MS);
  const date = china.toISOString().slice(0, 10).replaceAll('-', '');
  return `AX${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export type PlaceOrderLine = Omit<NewOrderLineRow, 'id' | 'orderId' | 'position'>;
export type PlaceOrderInput = {
  memberId: number;
  paymentType: number;
  paySource?: string;
  consignee: string;
  consigneePhone: string;
  deliveryAddress: string;
  addressId?: number | null;
  transportCosts?: number;
  couponValue?: number;
  /** The subsidy is a freight one (it discounts the freight; a split gives it to the sub-orders' freight). */
  isFreightCoupon?: boolean;
  /** Cents paid with health coins (spent by the caller in the same transaction). */
  mallCoinMoney?: number;
  invoice?: Pick<NewOrderRow, 'invoiceType' | 'consigneeType' | 'taxPayerNumber' | 'invoiceContent'> | null;
  remark?: string | null;
  lines: PlaceOrderLine[];
  /** Only seeds and tests pass these. */
  ordersCode?: string;
  creationDate?: Date;
  isPrescriptionComplete?: boolean;
};

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** The timestamps an event writes besides type and status. */
function eventTimestamps(row: OrderRow, event: OrderEvent, now: Date): Partial<NewOrderRow> {
  switch (event) {
    case 'pay':
      return { paidAt: now };
    case 'cancel':
    case 'autoCancel':
      return { canceledAt: now, cancelReason: event === 'autoCancel' ? 'timeout' : 'member' };
    case 'auditPass':
      return { auditedAt: now };
    case 'auditReject':
      return row.paidAt ? { auditedAt: now } : { auditedAt: now, canceledAt: now, cancelReason: 'auditReject' };
    case 'ship':
      return { shippingTime: now };
    case 'deliver':
    case 'confirmReceipt': {
      const moment = event === 'deliver' ? { deliveredAt: now } : { receivedAt: now };
      // Cash on delivery is collected when the parcel is handed over.
      return row.paidAt || row.paymentType !== PAYMENT_TYPE.cashOnDelivery ? moment : { ...moment, paidAt: now };
    }
    case 'evaluate':
      return { completedAt: now };
    case 'refund':
      return {};
    case 'refundComplete':
      return { refundedAt: now };
  }
}

/** Where order moves are logged (ids and states only): the app's logger, or the server's for its jobs. */
export type OrderLog = Pick<FastifyBaseLogger, 'info'>;

export type OrderServiceDeps = {
  /** Where `cancelExpiredOrders` reads and opens its transactions; the other methods run on the caller's `tx`. */
  db: Executor;
  clock: Clock;
  /** Where order moves are logged; seeds and most tests go without. */
  log?: OrderLog;
};

/**
 * The events whose subscribers write the member's ledgers (coins given back or earned): the member is locked
 * before the order's row moves, the same order as placing an order with coins, so the two never deadlock.
 */
const MEMBER_LEDGER_EVENTS = new Set<OrderEvent>([
  'cancel',
  'autoCancel',
  'auditReject',
  'refundComplete',
  'confirmReceipt',
  'evaluate',
]);

/**
 * A split order's subsidy stays marked with the parent: it comes back (while still valid) when the last of its
 * sub-orders is cancelled. The parent's row lock makes two sub-orders cancelled at once take turns, so the last
 * one sees the other cancelled. Answers the parent's code when the coupon is to come back, else null.
 */
async function couponBackWithLastSubOrder(tx: Executor, parentOrderCode: string): Promise<string | null> {
  await lockOrderByCode(tx, parentOrderCode);
  return (await countUncanceledSubOrders(tx, parentOrderCode)) === 0 ? parentOrderCode : null;
}

/** Places and moves orders; see the comment at the top of this file. */
export function createOrderService({ db, clock, log }: OrderServiceDeps) {
  /** Inserts an order with its line snapshots in its first state; run it inside the settlement transaction. */
  async function placeOrder(
    tx: Executor,
    input: PlaceOrderInput,
    options: { paymentTimeoutMinutes: number },
  ): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
    if (input.lines.length === 0) throw new Error('an order needs at least one line');
    const creationDate = input.creationDate ?? clock.now();
    const productMoney = input.lines.reduce((total, line) => total + line.amount * line.actualPrice, 0);
    const transportCosts = input.transportCosts ?? 0;
    const couponValue = input.couponValue ?? 0;
    const mallCoinMoney = input.mallCoinMoney ?? 0;
    const isRxDrug = input.lines.some((line) => isPrescriptionType(line.prescriptionType));
    const orderType = initialOrderType({ isRxDrug, paymentType: input.paymentType });
    const order = await insertOrder(tx, {
      ordersCode: input.ordersCode ?? createOrderCode(clock),
      memberId: input.memberId,
      orderType,
      orderStatus: ORDER_STATUS_CODE[orderType],
      isRxDrug,
      isPrescriptionComplete: input.isPrescriptionComplete ?? false,
      paymentType: input.paymentType,
      paySource: input.paySource ?? 'PC',
      consignee: input.consignee,
      consigneePhone: input.consigneePhone,
      deliveryAddress: input.deliveryAddress,
      addressId: input.addressId ?? null,
      productMoney,
      transportCosts,
      couponValue,
      isFreightCoupon: input.isFreightCoupon ?? false,
      mallCoinMoney,
      sum: Math.max(0, productMoney + transportCosts - couponValue - mallCoinMoney),
      invoice: Boolean(input.invoice),
      ...(input.invoice ?? {}),
      remark: input.remark ?? null,
      creationDate,
      payDeadline: isOnlinePayment(input) ? addMinutes(creationDate, options.paymentTimeoutMinutes) : null,
      updatedAt: creationDate,
    });
    const lines = await insertOrderLines(
      tx,
      input.lines.map((line, position) => ({ ...line, orderId: order.id, position })),
    );
    await orderEvents.emit(tx, 'placed', { order, lines, now: creationDate });
    return { order, lines };
  }

  /**
   * Moves one order by one event through the shared state machine; see the comment at the top of this file.
   * With `memberId` (a member's action) the order must be this member's and not deleted, else 404.
   */
  async function applyOrderEvent(
    tx: Executor,
    ordersCode: string,
    event: OrderEvent,
    options: { memberId?: number; actor?: AuditActor } = {},
  ): Promise<OrderRow> {
    const row = await lockOrderByCode(tx, ordersCode);
    if (!row) throw notFound();
    if (options.memberId !== undefined && (row.memberId !== options.memberId || row.deletedAt)) throw notFound();
    if (row.isSplit) throw conflict(MSG.orderActionNotAllowed);
    const facts = {
      isRxDrug: row.isRxDrug,
      isPrescriptionComplete: row.isPrescriptionComplete,
      isPaid: row.paidAt !== null,
      paymentType: row.paymentType,
      isDelivered: row.deliveredAt !== null,
    };
    const next = transition(row.orderType, event, facts);
    if (!next) {
      const prescriptionMissing =
        event === 'pay' &&
        row.isRxDrug &&
        !row.isPrescriptionComplete &&
        transition(row.orderType, 'pay', {
          ...facts,
          isPrescriptionComplete: true,
        });
      throw conflict(prescriptionMissing ? MSG.orderPrescriptionIncomplete : MSG.orderActionNotAllowed);
    }
    const now = clock.now();
    if (MEMBER_LEDGER_EVENTS.has(event)) await lockMember(tx, row.memberId);
    const updated = await updateOrderVersioned(tx, row, {
      orderType: next,
      orderStatus: ORDER_STATUS_CODE[next],
      ...eventTimestamps(row, event, now),
      updatedAt: now,
    });
    // The row is locked, so the version cannot have moved; kept as a second guard.
    if (!updated) throw conflict(MSG.orderActionNotAllowed);
    if (event === 'pay') await orderEvents.emit(tx, 'paid', { order: updated, now });
    if (!row.canceledAt && updated.canceledAt) {
      const couponFreedOf = row.parentOrderCode
        ? await couponBackWithLastSubOrder(tx, row.parentOrderCode)
        : ordersCode;
      await orderEvents.emit(tx, 'cancelled', { order: updated, now, couponFreedOf });
    }
    if (next === 'refundOrder') {
      await orderEvents.emit(tx, 'refundRequested', { order: updated, now, actor: options.actor ?? null });
    }
    if (event === 'refundComplete') await orderEvents.emit(tx, 'refunded', { order: updated, now });
    if (event === 'confirmReceipt') await orderEvents.emit(tx, 'received', { order: updated, now });
    if (event === 'evaluate') await orderEvents.emit(tx, 'reviewed', { order: updated, now });
    log?.info(
      {
        event: 'order.moved',
        orderCode: row.ordersCode,
        memberId: row.memberId,
        trigger: event,
        from: row.orderType,
        to: next,
      },
      'order moved',
    );
    return updated;
  }

  return {
    placeOrder,
    applyOrderEvent,

    /**
     * Part of a paid order's money went back (an after-sale refund the gateway confirmed, docs/AFTERSALE.md):
     * no move of the state machine, only the `partRefunded` event, in the caller's transaction.
     */
    async recordPartRefund(
      tx: Executor,
      ordersCode: string,
      refund: { id: string; amount: number; reference: string },
    ) {
      const order = await lockOrderByCode(tx, ordersCode);
      if (!order) throw notFound();
      await orderEvents.emit(tx, 'partRefunded', { order, now: clock.now(), refund });
      log?.info({ event: 'order.partRefunded', orderCode: ordersCode, refundId: refund.id }, 'order part refunded');
      return order;
    },

    /**
     * The order side of the pharmacist's review (inquiry's `reviewInquiry` records the verdict on the inquiry
     * first). An online order that passes waits for payment with a fresh deadline, counted from the review, not
     * from placing (else the automatic cancel would take an order reviewed late at once).
     */
    async auditOrder(
      tx: Executor,
      ordersCode: string,
      verdict: 'pass' | 'reject',
      paymentTimeoutMinutes: number,
      actor?: AuditActor,
    ): Promise<OrderRow> {
      if (verdict === 'reject') return applyOrderEvent(tx, ordersCode, 'auditReject', { actor });
      const passed = await applyOrderEvent(tx, ordersCode, 'auditPass');
      if (passed.orderType !== 'waitPay') return passed;
      const payDeadline = new Date(clock.now().getTime() + paymentTimeoutMinutes * 60_000);
      return (await updateOrderVersioned(tx, passed, { payDeadline })) ?? passed;
    },

    /** Ships an order: event ship, the carrier and waybill, and the first tracking entry. */
    async shipOrder(tx: Executor, ordersCode: string, shipment: { companeName: string; shippingNo: string }) {
      const order = await applyOrderEvent(tx, ordersCode, 'ship');
      const now = clock.now();
      const logistics = await insertShipment(tx, { orderId: order.id, ...shipment, createdAt: now });
      await insertLogisticsEvent(tx, {
        logisticsId: logistics.id,
        description: `【${shipment.companeName}】您的包裹已出库，运单号 ${shipment.shippingNo}`,
        time: now,
      });
      return { order, logistics };
    },

    /** Appends a tracking entry to a shipped order (operator CLI, demo data). 404 when the order has no shipment. */
    async appendLogisticsEvent(tx: Executor, ordersCode: string, description: string, time: Date) {
      const shipment = await findShipmentByOrderCode(tx, ordersCode);
      if (!shipment) throw notFound();
      return insertLogisticsEvent(tx, { logisticsId: shipment.id, description, time });
    },

    /**
     * Splits an order into sub-orders `<code>-1`, `<code>-2`… (one per group of productCodes, every line in
     * exactly one group, at least two groups). Freight goes to the first sub-order; the subsidy and the coins are
     * shared so that the sub-orders' sums add up to the order's (`splitShares`). Only before shipping:
     * waitAudit, waitPay or waitDelivery. The parent becomes a frozen container hidden from the member's lists.
     */
    async splitOrder(tx: Executor, ordersCode: string, groups: string[][]) {
      const parent = await lockOrderByCode(tx, ordersCode);
      if (!parent) throw notFound();
      const splittable: OrderType[] = ['waitAudit', 'waitPay', 'waitDelivery'];
      if (parent.isSplit || parent.parentOrderCode || !splittable.includes(parent.orderType)) {
        throw conflict(MSG.orderActionNotAllowed);
      }
      const lines = await findLinesOfOrders(tx, [parent.id]);
      const lineCodes = lines.map((line) => line.productCode);
      const grouped = groups.flat();
      const isPartition =
        groups.length >= 2 &&
        groups.every((group) => group.length > 0) &&
        new Set(grouped).size === grouped.length &&
        grouped.length === new Set(lineCodes).size &&
        grouped.every((code) => lineCodes.includes(code));
      if (!isPartition) throw badRequest(MSG.consoleSplitInvalid, 'groups');

      const now = clock.now();
      const linesOfGroups = groups.map((group) => lines.filter((line) => group.includes(line.productCode)));
      const productMoneys = linesOfGroups.map((groupLines) =>
        groupLines.reduce((total, line) => total + line.amount * line.actualPrice, 0),
      );
      const shares = splitShares(parent, productMoneys);
      const children: OrderRow[] = [];
      for (const [index, childLines] of linesOfGroups.entries()) {
        const productMoney = productMoneys[index]!;
        const { transportCosts, couponValue, mallCoinMoney } = shares[index]!;
        const { id: _id, ...copy } = parent;
        const child = await insertOrder(tx, {
          ...copy,
          ordersCode: `${parent.ordersCode}-${index + 1}`,
          parentOrderCode: parent.ordersCode,
          isRxDrug: childLines.some((line) => isPrescriptionType(line.prescriptionType)),
          productMoney,
          transportCosts,
          couponValue,
          mallCoinMoney,
          sum: productMoney + transportCosts - couponValue - mallCoinMoney,
          version: 0,
          updatedAt: now,
        });
        await insertOrderLines(
          tx,
          childLines.map(({ id: _lineId, orderId: _orderId, ...line }) => ({ ...line, orderId: child.id })),
        );
        children.push(child);
      }
      const splitParent = await updateOrderVersioned(tx, parent, { isSplit: true, updatedAt: now });
      await orderEvents.emit(tx, 'split', { parent: splitParent ?? parent, children, now });
      return children;
    },

    /** Cancels unpaid online orders past their payment deadline; answers how many. Safe on many processes. */
    async cancelExpiredOrders(options: { batchSize?: number } = {}): Promise<number> {
      const codes = await findExpiredUnpaidOrderCodes(db, clock.now(), options.batchSize ?? 200);
      let canceled = 0;
      for (const code of codes) {
        try {
          await db.transaction((tx) => applyOrderEvent(tx, code, 'autoCancel'));
          canceled++;
        } catch (error) {
          // Paid or cancelled in the meantime by someone else: nothing to do.
          if (!(error instanceof AppError && error.statusCode === 409)) throw error;
        }
      }
      return canceled;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
