import { randomUUID } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app-services.ts';
import type { Executor, Listen } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import type { EventHandlers } from '../../platform/events.ts';
import type { PaymentAdapter, RefundResult } from '../../platform/payment/payment-adapter.ts';
import { lockMember } from '../account/account.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import {
  createOrderService,
  findOrderByCode,
  lockOrderByCode,
  type OrderEvents,
  type OrderRow,
} from '../orders/orders.module.ts';
import { findPayment } from './payments.repository.ts';
import type { RefundRow } from './payments.schema.ts';
import {
  claimRefund,
  findPaidPaymentOfOrder,
  findRefund,
  findRefundOfAfterSale,
  findRefundOfOrder,
  findRefundsToSettle,
  insertRefund,
  sumRefundsOfOrder,
  updateRefund,
} from './refunds.repository.ts';

// Refunds through the payment adapter (docs/CONSOLE.md 退款, docs/ARCHITECTURE.md "Order events"). The order's
// move to 退款中 writes the refund row in its own transaction (the subscriber below) and a NOTIFY, which
// PostgreSQL delivers only once that transaction has committed; every server process listening then tries to
// claim the refund, one gets it and calls the gateway with no transaction open, and a second short transaction
// records the answer and moves the order to 退款完成. The payments module sits above orders, so it moves the
// order itself through the order service; the orders module knows nothing of refunds but the event.

/** The NOTIFY channel: a refund waits for its gateway call (the payload is the refund's id). */
export const REFUNDS_CHANNEL = 'payment_refunds';
/** A claim this old is taken to be lost with its process (the gateway is never this slow) and claimed again. */
const CLAIM_TIMEOUT_MS = 5 * 60_000;

/** What a failed refund says when the gateway gave no reason, and when no answer came at all. */
const REFUND_REFUSED = '退款失败';
const GATEWAY_UNREACHABLE = '支付渠道暂时无法连接';

const notifyRefund = (tx: Executor, id: string) => tx.execute(sql`select pg_notify(${REFUNDS_CHANNEL}, ${id})`);

/**
 * What the payments module does when an order moves, in the move's transaction:
 * - refundRequested: an order paid online gets one refund row of its sum (its paid amount) less what its
 *   after-sale refunds gave back, waiting for the gateway (none when nothing is left); asked again, a failed
 *   refund waits again, one under way refuses (409), a finished one stays as it is. An order without a paid
 *   payment (cash on delivery, or paid before payments were recorded) gets none: the money goes back by hand and
 *   staff mark it 退款完成.
 * - refunded (退款完成): refused while the gateway is still to answer, so the money cannot go back twice.
 */
export const paymentsOnOrderEvents: EventHandlers<OrderEvents> = {
  async refundRequested(tx, { order, now, actor }) {
    const existing = await findRefundOfOrder(tx, order.ordersCode, true);
    if (existing) {
      if (existing.status === 'succeeded') return;
      if (existing.status !== 'failed') throw conflict(MSG.refundInProgress);
      await updateRefund(tx, existing.id, { status: 'pending', requestedBy: actor, updatedAt: now });
      await notifyRefund(tx, existing.id);
      return;
    }
    const payment =
      (await findPaidPaymentOfOrder(tx, order.ordersCode)) ??
      (order.parentOrderCode ? await findPaidPaymentOfOrder(tx, order.parentOrderCode) : undefined);
    const amount = order.sum - (await sumRefundsOfOrder(tx, order.ordersCode));
    if (!payment || amount <= 0) return;
    const refund = await insertRefund(tx, {
      id: randomUUID(),
      ordersCode: order.ordersCode,
      paymentId: payment.id,
      amount,
      reason: `安心大药房订单 ${order.ordersCode} 退款`,
      requestedBy: actor,
      requestedAt: now,
      updatedAt: now,
    });
    await notifyRefund(tx, refund.id);
  },

  async refunded(tx, { order }) {
    const refund = await findRefundOfOrder(tx, order.ordersCode);
    if (refund?.status === 'pending' || refund?.status === 'processing') throw conflict(MSG.refundInProgress);
  },
};

/**
 * The refund of one after-sale request (docs/AFTERSALE.md), written in the caller's transaction, which holds the
 * order's row lock: `amount` cents of the order's payment, never more than the order's paid sum less its other
 * refunds (409 otherwise), one per request (asked again: a failed one waits again, any other is answered as it
 * is). The gateway is called after the commit, like the whole order's; its success emits the order's
 * `partRefunded` with the request's code.
 */
export async function requestAfterSaleRefund(
  tx: Executor,
  input: { order: OrderRow; afterSaleCode: string; amount: number; actor: AuditActor | null; now: Date },
): Promise<RefundRow> {
  const { order, afterSaleCode, amount, actor, now } = input;
  const existing = await findRefundOfAfterSale(tx, afterSaleCode, true);
  if (existing) {
    if (existing.status !== 'failed') return existing;
    const again = await updateRefund(tx, existing.id, { status: 'pending', requestedBy: actor, updatedAt: now });
    await notifyRefund(tx, existing.id);
    return again ?? existing;
  }
  const payment =
    (await findPaidPaymentOfOrder(tx, order.ordersCode)) ??
    (order.parentOrderCode ? await findPaidPaymentOfOrder(tx, order.parentOrderCode) : undefined);
  if (!payment) throw conflict(MSG.refundNoPayment);
  if (amount <= 0 || (await sumRefundsOfOrder(tx, order.ordersCode)) + amount > order.sum) {
    throw conflict(MSG.refundAbovePaid);
  }
  const refund = await insertRefund(tx, {
    id: randomUUID(),
    ordersCode: order.ordersCode,
    afterSaleCode,
    paymentId: payment.id,
    amount,
    reason: `安心大药房售后 ${afterSaleCode} 退款`,
    requestedBy: actor,
    requestedAt: now,
    updatedAt: now,
  });
  await notifyRefund(tx, refund.id);
  return refund;
}

type Deps = Pick<AppServices, 'db' | 'clock' | 'log'>;

/** Carries out the refunds of this process: told by NOTIFY, and on (re)listening the ones left waiting. */
export function createRefundProcessor({ db, clock, log }: Deps, adapter: PaymentAdapter) {
  const orderService = createOrderService({ db, clock, log });
  const inFlight = new Set<Promise<void>>();
  let stopListening: (() => Promise<void>) | undefined;

  const staleBefore = () => new Date(clock.now().getTime() - CLAIM_TIMEOUT_MS);

  async function settle(id: string) {
    const refund = await claimRefund(db, id, clock.now(), staleBefore());
    if (!refund) return;
    const payment = await findPayment(db, refund.paymentId);
    let result: Omit<RefundResult, 'raw'> & { raw: RefundResult['raw'] | null };
    try {
      result = await adapter.refund({
        paymentId: refund.paymentId,
        tradeNo: payment?.tradeNo ?? '',
        amount: refund.amount,
        refundId: refund.id,
        reason: refund.reason,
      });
    } catch (error) {
      log.error({ err: error, refundId: refund.id }, 'refund: no answer to believe from the gateway');
      result = {
        isSuccess: false,
        refundNo: null,
        amount: refund.amount,
        refundedAt: null,
        failure: GATEWAY_UNREACHABLE,
        raw: null,
      };
    }
    await db.transaction(async (tx) => {
      // The member, the order, then the refund: the order moves' own order (coins go back to the member), and
      // the same as the move that wrote the refund.
      const unlocked = await findOrderByCode(tx, refund.ordersCode);
      if (unlocked) await lockMember(tx, unlocked.memberId);
      const order = await lockOrderByCode(tx, refund.ordersCode);
      const current = await findRefund(tx, refund.id, true);
      // Claimed again meanwhile (this call took longer than a claim lives): the newer claim records its answer.
      if (current?.status !== 'processing' || current.attempts !== refund.attempts) return;
      const now = clock.now();
      await updateRefund(tx, refund.id, {
        status: result.isSuccess ? 'succeeded' : 'failed',
        gatewayRefundNo: result.refundNo,
        refundedAt: result.refundedAt,
        failure: result.isSuccess ? null : (result.failure ?? REFUND_REFUSED),
        gatewayAnswer: result.raw,
        updatedAt: now,
      });
      if (result.isSuccess && refund.afterSaleCode) {
        await orderService.recordPartRefund(tx, refund.ordersCode, {
          id: refund.id,
          amount: refund.amount,
          reference: refund.afterSaleCode,
        });
      } else if (result.isSuccess && order?.orderType === 'refundOrder') {
        await orderService.applyOrderEvent(tx, refund.ordersCode, 'refundComplete');
      }
      if (current.requestedBy) {
        await recordAudit(tx, {
          actor: current.requestedBy,
          at: now,
          action: 'order.refundGateway',
          objectType: 'order',
          objectId: refund.ordersCode,
          before: { status: 'processing', attempt: refund.attempts, afterSaleCode: refund.afterSaleCode },
          after: result.isSuccess
            ? { status: 'succeeded', amount: refund.amount, refundNo: result.refundNo }
            : { status: 'failed', amount: refund.amount, failure: result.failure ?? REFUND_REFUSED },
        });
      }
      log.info(
        {
          event: result.isSuccess ? 'refund.succeeded' : 'refund.failed',
          refundId: refund.id,
          orderCode: refund.ordersCode,
        },
        result.isSuccess ? 'refund given back' : 'refund refused',
      );
    });
  }

  /** Runs `work` in the background, kept until done so closing waits for it; a fault is logged. */
  function track(work: () => Promise<unknown>) {
    const running: Promise<void> = work()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'refund processing failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  return {
    settle,

    async start(listen: Listen) {
      stopListening = await listen(REFUNDS_CHANNEL, {
        onMessage: (id) => track(() => settle(id)),
        // On every (re)start of listening: the refunds whose notification may have been missed (written while
        // no server listened, e.g. by `npm run ops` on the database, or while the connection was lost).
        onListening: (isListening) => {
          if (!isListening) return;
          track(async () => {
            for (const id of await findRefundsToSettle(db, staleBefore())) await settle(id);
          });
        },
      });
    },

    async close() {
      await stopListening?.();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
