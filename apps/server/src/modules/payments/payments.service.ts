import { randomUUID } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { transition } from '@anxin/shared/orders/order-status';
import type { payNowBodySchema } from '@anxin/shared/payments/payments';
import type { z } from 'zod';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { API_PREFIX } from '../../platform/http.ts';
import { InvalidNotificationError, type PaymentAdapter } from '../../platform/payment/payment-adapter.ts';
import { createMallConfigService } from '../mall/mall.module.ts';
import type { OrderRow } from '../orders/orders.module.ts';
import { createOrderService, lockOrderByCode } from '../orders/orders.module.ts';
import { findPayment, findPendingPaymentFor, insertPayment, updatePayment } from './payments.repository.ts';
import type { PaymentRow } from './payments.schema.ts';

/** Where the cashier sends the shopper back: the page the payment names, else the (first) order's detail page. */
export const returnUrlOf = (payment: Pick<PaymentRow, 'orderCodes' | 'returnUrl'>) =>
  payment.returnUrl ?? `/user/order/detail/${payment.orderCodes[0]}`;

type PayNowInput = z.output<typeof payNowBodySchema>;
type Deps = Pick<AppServices, 'db' | 'clock' | 'config' | 'log'>;

const factsOf = (order: OrderRow) => ({
  isRxDrug: order.isRxDrug,
  isPrescriptionComplete: order.isPrescriptionComplete,
  isPaid: order.paidAt !== null,
  paymentType: order.paymentType,
});

/** Whether the state machine lets this order take a payment now. */
const canTakePayment = (order: OrderRow) =>
  !order.isSplit && transition(order.orderType, 'pay', factsOf(order)) !== null;

/** Locks the orders in code order (two payments of overlapping orders cannot deadlock). */
async function lockOrders(tx: Executor, codes: string[]) {
  const rows: OrderRow[] = [];
  for (const code of [...codes].sort()) {
    const row = await lockOrderByCode(tx, code);
    if (row) rows.push(row);
  }
  return rows;
}

export function createPaymentsService({ db, clock, config, log }: Deps, adapter: PaymentAdapter) {
  const orderService = createOrderService({ db, clock, log });
  const mallConfig = createMallConfigService({ db, clock });
  const notifyUrl = `${config.PUBLIC_ORIGIN}${API_PREFIX}/v2/payments/notify/${adapter.provider}`;

  return {
    /**
     * 立即付款: a payment for the member's orders through the adapter → payUrl. Refused (409) for an order
     * the state machine does not let pay: a prescription order whose inquiry is not complete, one not waiting
     * for payment, one past its payment deadline. The orders are locked, so parallel calls for the same orders
     * answer the same pending payment. `returnUrl`: where the cashier sends the shopper back, when not the order's
     * detail page (the guest link's pay page).
     */
    async payNow(memberId: number, body: PayNowInput, returnUrl: string | null = null): Promise<{ payUrl: string }> {
      if (body.userId !== memberId) throw notFound();
      // The mall's `onlinePay` off: no payment starts, whatever the orders (docs/MALL-CONFIG.md).
      await mallConfig.assertOnlinePayOpen(db, MSG.onlinePayPaused);
      return db.transaction(async (tx) => {
        const orders = await lockOrders(tx, body.orderCodes);
        if (orders.length !== body.orderCodes.length) throw notFound();
        const now = clock.now();
        for (const order of orders) {
          if (order.memberId !== memberId || order.deletedAt) throw notFound();
          const isAwaitingPayment = order.orderType === 'waitAudit' || order.orderType === 'waitPay';
          if (order.isRxDrug && !order.isPrescriptionComplete && isAwaitingPayment) {
            throw conflict(MSG.orderPrescriptionIncomplete);
          }
          if (!canTakePayment(order)) throw conflict(MSG.orderNotPayable);
          if (order.payDeadline && order.payDeadline <= now) throw conflict(MSG.orderPayTimeout);
        }
        const pending = await findPendingPaymentFor(tx, memberId, body.orderCodes, returnUrl);
        if (pending) return { payUrl: pending.payUrl };

        const id = randomUUID();
        const amount = orders.reduce((total, order) => total + order.sum, 0);
        const codes = orders.map((order) => order.ordersCode);
        const { payUrl } = await adapter.createPayment({
          paymentId: id,
          amount,
          subject: codes.length === 1 ? `安心大药房订单 ${codes[0]}` : `安心大药房订单（${codes.length}笔）`,
          notifyUrl,
          returnUrl: returnUrlOf({ orderCodes: body.orderCodes, returnUrl }),
        });
        await insertPayment(tx, {
          id,
          orderCodes: body.orderCodes,
          memberId,
          amount,
          provider: adapter.provider,
          paySource: body.paySource,
          platform: body.platform,
          payUrl,
          returnUrl,
          createdAt: now,
        });
        return { payUrl };
      });
    },

    /**
     * The gateway's asynchronous notification. Verified (signature → 400, unknown payment → 400, amount → 400,
     * nothing changed), then applied exactly once under the payment's row lock: a pending payment becomes paid
     * and its orders move waitPay → waitDelivery through the state machine, or failed; a replay finds it no longer
     * pending and answers the acknowledgement without a second effect. Money for orders that can no longer take
     * it (cancelled meanwhile) is kept as `orphaned`, to be refunded, and the orders stay as they are.
     */
    async handleNotification(params: Record<string, unknown>): Promise<{ acknowledgement: string; status: string }> {
      let notification: ReturnType<PaymentAdapter['verifyNotification']>;
      try {
        notification = adapter.verifyNotification(params);
      } catch (error) {
        if (error instanceof InvalidNotificationError) throw badRequest(MSG.paymentSignatureInvalid);
        throw error;
      }
      return db.transaction(async (tx) => {
        const payment = await findPayment(tx, notification.paymentId, true);
        if (!payment || payment.provider !== adapter.provider) throw badRequest(MSG.paymentNotFound);
        if (notification.amount !== payment.amount) throw badRequest(MSG.paymentAmountMismatch);
        if (payment.status !== 'pending') return { acknowledgement: adapter.acknowledgement, status: payment.status };

        const now = clock.now();
        const record = {
          channel: notification.channel,
          tradeNo: notification.tradeNo,
          notifiedAt: now,
          notifyPayload: notification.raw,
        };
        if (!notification.isSuccess) {
          await updatePayment(tx, payment.id, { ...record, status: 'failed' });
          return { acknowledgement: adapter.acknowledgement, status: 'failed' };
        }
        const orders = await lockOrders(tx, payment.orderCodes);
        const isPayable =
          orders.length === payment.orderCodes.length &&
          orders.every((order) => order.memberId === payment.memberId && canTakePayment(order));
        if (!isPayable) {
          await updatePayment(tx, payment.id, { ...record, status: 'orphaned', paidAt: notification.paidAt });
          return { acknowledgement: adapter.acknowledgement, status: 'orphaned' };
        }
        for (const order of orders) await orderService.applyOrderEvent(tx, order.ordersCode, 'pay');
        await updatePayment(tx, payment.id, { ...record, status: 'paid', paidAt: notification.paidAt });
        log.info(
          {
            event: 'payment.applied',
            paymentId: payment.id,
            memberId: payment.memberId,
            orderCodes: payment.orderCodes,
          },
          'payment applied',
        );
        return { acknowledgement: adapter.acknowledgement, status: 'paid' };
      });
    },

    async getPayment(id: string) {
      return findPayment(db, id);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
