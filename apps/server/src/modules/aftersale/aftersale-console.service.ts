import {
  AFTERSALE_MSG,
  type AfterSaleApproveBody,
  type AfterSaleStatus,
  type ConsoleAfterSaleAction,
  type ConsoleAfterSaleDetail,
  type ConsoleAfterSaleItem,
} from '@anxin/shared/aftersale/aftersale.contract';
import { ErrorCode } from '@anxin/shared/common/errors';
import { formatYuan } from '@anxin/shared/common/money';
import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import { linesForDisplay, ORDER_STATUS_NAME } from '@anxin/shared/orders/order-status';
import { REFUND_LIMIT_CENTS } from '@anxin/shared/staff/staff-roles';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import { toPage } from '../../platform/api-schemas.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import { lockMember } from '../account/account.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { findLinesOfOrders, findOrderByCode, lockOrderByCode, releaseAfterSaleLines } from '../orders/orders.module.ts';
import { findRefundOfAfterSale, type RefundRow, requestAfterSaleRefund } from '../payments/payments.module.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import {
  findAfterSale,
  findMemberPhones,
  listAfterSaleQueue,
  listMemberHistory,
  moveAfterSale,
} from './aftersale.repository.ts';
import type { AfterSaleRow } from './aftersale.schema.ts';
import { linesHeldBy, loadRequestParts } from './aftersale.service.ts';
import { toDetail, toSummary } from './aftersale.view.ts';
import { startRefund } from './aftersale-refund.ts';

/** The member's earlier requests the console shows beside one. */
const HISTORY_LIMIT = 20;

const SMS_SIGNATURE = '【安心大药房】';

/** The texts of each decision, to the member's phone through the SMS adapter (the outbox here). */
export const afterSaleSms = {
  approvedRefund: (code: string, amount: number) =>
    `${SMS_SIGNATURE}您的售后申请${code}已同意，退款¥${formatYuan(amount)}将原路退回，请留意查收。`,
  approvedReturn: (code: string, address: string) =>
    `${SMS_SIGNATURE}您的售后申请${code}已同意，请将商品寄回：${address}，寄出后在“我的售后”填写快递单号。`,
  rejected: (code: string, reason: string) =>
    `${SMS_SIGNATURE}您的售后申请${code}未通过：${reason}。如有疑问请联系客服。`,
  returnArrived: (code: string, amount: number) =>
    `${SMS_SIGNATURE}您寄回的商品已收到（售后申请${code}），退款¥${formatYuan(amount)}将原路退回，请留意查收。`,
};

const overLimit = () => new AppError(403, ErrorCode.forbidden, AFTERSALE_MSG.overLimit);

const isAboveLimit = (request: AfterSaleRow) => request.refundAmount > REFUND_LIMIT_CENTS;
const mayDecide = (request: AfterSaleRow, staff: StaffPrincipal) =>
  !isAboveLimit(request) || staff.permissions.includes('orders.refund.unlimited');

/** A refund the gateway refused: 退款中 stays, and the request's refund may be sent again. */
const isRefundRefused = (request: AfterSaleRow, refund: RefundRow | undefined) =>
  request.status === 'refunding' && refund?.status === 'failed';

function actionsOf(request: AfterSaleRow, refund: RefundRow | undefined, staff: StaffPrincipal) {
  const actions: ConsoleAfterSaleAction[] = [];
  if (!mayDecide(request, staff)) return actions;
  if (request.status === 'pending') actions.push('approve', 'reject');
  if (request.status === 'awaitingReturn' && request.returnWaybillNo) actions.push('confirmReturn');
  if (isRefundRefused(request, refund)) actions.push('refundAgain');
  return actions;
}

/** The 409 of an act asked of a request no longer in the state it needs. */
const NOT_IN_STATE: Partial<Record<AfterSaleStatus, string>> = {
  pending: AFTERSALE_MSG.cannotReview,
  awaitingReturn: AFTERSALE_MSG.cannotConfirmReturn,
  refunding: AFTERSALE_MSG.refundNotFailed,
};

/** Who acted, as the request and the refund keep it (the audit log's actor). */
const actorOf = (staff: StaffPrincipal): AuditActor => ({
  id: staff.id,
  loginName: staff.loginName,
  roles: staff.roles,
});

const hoursBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 3_600_000));

/**
 * The console's side (docs/AFTERSALE.md; `aftersale.review`): the queue oldest first, one request with its order,
 * photos and the member's history, and the decisions. Each decision locks the member, the order and the request,
 * moves the request with a conditional update (two agents at once: one decides, the other gets 409), is audited
 * in its transaction and texts the member after the commit. Above REFUND_LIMIT_CENTS only the admin decides.
 */
export function createAfterSaleConsoleService(services: Pick<AppServices, 'db' | 'clock' | 'sms' | 'log' | 'secrets'>) {
  const { db, clock, sms, log } = services;
  const signer = privateUrlSigner(services.secrets.fieldKey);

  async function text(memberId: number, content: string) {
    const phone = (await findMemberPhones(db, [memberId])).get(memberId);
    if (!phone) return;
    try {
      await sms.send({ phone, content });
    } catch (error) {
      log.error({ err: error, memberId }, 'after-sale SMS not sent');
    }
  }

  async function detail(code: string, staff: StaffPrincipal): Promise<ConsoleAfterSaleDetail> {
    const request = await findAfterSale(db, code);
    if (!request) throw notFound();
    const order = await findOrderByCode(db, request.ordersCode);
    if (!order) throw notFound();
    const history = await listMemberHistory(db, request.memberId, request.id, HISTORY_LIMIT);
    const lines = await loadRequestParts(db, [request, ...history]);
    const phones = await findMemberPhones(db, [request.memberId]);
    const refund = await findRefundOfAfterSale(db, request.code);
    const now = clock.now();
    const orderLines = linesForDisplay(await findLinesOfOrders(db, [order.id]));
    return {
      ...toDetail(
        request,
        lines(request),
        request.photos.map((name) => signer.sign(name, request.memberId, now)),
      ),
      memberPhone: maskPhone(phones.get(request.memberId) ?? ''),
      isAboveLimit: isAboveLimit(request),
      actions: actionsOf(request, refund, staff),
      refundFailure: isRefundRefused(request, refund) ? (refund?.failure ?? null) : null,
      order: {
        ordersCode: order.ordersCode,
        orderStatusName: ORDER_STATUS_NAME[order.orderType],
        creationDate: order.creationDate.toISOString(),
        paidAt: order.paidAt?.toISOString() ?? null,
        shippingTime: order.shippingTime?.toISOString() ?? null,
        receivedAt: order.receivedAt?.toISOString() ?? null,
        productMoney: order.productMoney,
        transportCosts: order.transportCosts,
        couponValue: order.couponValue,
        mallCoinMoney: order.mallCoinMoney,
        sum: order.sum,
        consignee: order.consignee,
        lines: orderLines.map((line) => ({
          lineId: line.id,
          productName: line.productName,
          packing: line.packing,
          actualPrice: line.actualPrice,
          amount: line.amount,
        })),
      },
      history: history.map((row) => toSummary(row, lines(row))),
    };
  }

  /**
   * One decision on a request in `from`: the locks (member, order, request), the limit, `act` (which moves the
   * request and may start its refund), the audit entry; then the SMS `act` answered (if any), after the commit.
   */
  async function decide(
    code: string,
    staff: StaffPrincipal,
    from: AfterSaleStatus,
    action: string,
    act: (tx: Executor, request: AfterSaleRow, now: Date) => Promise<{ moved: AfterSaleRow; sms: string | null }>,
  ) {
    const unlocked = await findAfterSale(db, code);
    if (!unlocked) throw notFound();
    const { moved, sms: content } = await db.transaction(async (tx) => {
      await lockMember(tx, unlocked.memberId);
      await lockOrderByCode(tx, unlocked.ordersCode);
      const request = await findAfterSale(tx, code, true);
      if (!request) throw notFound();
      if (request.status !== from) throw conflict(NOT_IN_STATE[from] ?? AFTERSALE_MSG.cannotReview);
      if (!mayDecide(request, staff)) throw overLimit();
      const now = clock.now();
      const result = await act(tx, request, now);
      await recordAudit(tx, {
        actor: actorOf(staff),
        at: now,
        action,
        objectType: 'aftersale',
        objectId: request.code,
        before: { status: request.status, ordersCode: request.ordersCode },
        after: {
          status: result.moved.status,
          refundAmount: result.moved.refundAmount,
          refundCoins: result.moved.refundCoins,
          rejectReason: result.moved.rejectReason,
          returnAddress: result.moved.returnAddress,
        },
      });
      return result;
    });
    if (content) await text(moved.memberId, content);
    return detail(code, staff);
  }

  /** Moves the request or answers 409 (someone else moved it between the read and the lock: never here). */
  async function move(tx: Executor, request: AfterSaleRow, values: Partial<AfterSaleRow>) {
    const moved = await moveAfterSale(tx, request.id, [request.status], values);
    if (!moved) throw conflict(AFTERSALE_MSG.cannotReview);
    return moved;
  }

  return {
    detail,

    async queue(query: { status?: AfterSaleStatus; page: number; size: number }): Promise<Paged<ConsoleAfterSaleItem>> {
      const { rows, total } = await listAfterSaleQueue(db, query);
      const lines = await loadRequestParts(db, rows);
      const phones = await findMemberPhones(
        db,
        rows.map((row) => row.memberId),
      );
      const now = clock.now();
      return toPage(
        rows.map((row) => ({
          ...toSummary(row, lines(row)),
          memberPhone: maskPhone(phones.get(row.memberId) ?? ''),
          ageHours: hoursBetween(row.createdAt, now),
          isAboveLimit: isAboveLimit(row),
          returnWaybillNo: row.returnWaybillNo,
        })),
        total,
        query.page,
        query.size,
      );
    },

    /** 同意: a 仅退款 goes to 退款中 and its refund starts; a 退货退款 waits for the goods at the address given. */
    approve(code: string, body: AfterSaleApproveBody, staff: StaffPrincipal) {
      return decide(code, staff, 'pending', 'aftersale.approve', async (tx, request, now) => {
        const reviewed = { reviewedAt: now, reviewedBy: actorOf(staff), updatedAt: now };
        if (request.type === 'returnRefund') {
          const returnAddress = body.returnAddress?.trim();
          if (!returnAddress) throw badRequest(AFTERSALE_MSG.returnAddressRequired, 'returnAddress');
          const moved = await move(tx, request, { ...reviewed, status: 'awaitingReturn', returnAddress });
          return { moved, sms: afterSaleSms.approvedReturn(request.code, returnAddress) };
        }
        const moved = await move(tx, request, { ...reviewed, status: 'refunding', refundingAt: now });
        const order = await lockOrderByCode(tx, request.ordersCode);
        if (!order) throw notFound();
        await startRefund(tx, moved, order, actorOf(staff), now);
        return { moved, sms: afterSaleSms.approvedRefund(request.code, request.refundAmount) };
      });
    },

    /** 驳回 with the reason the member reads: the pieces are free again. */
    reject(code: string, reason: string, staff: StaffPrincipal) {
      return decide(code, staff, 'pending', 'aftersale.reject', async (tx, request, now) => {
        const moved = await move(tx, request, {
          status: 'rejected',
          rejectReason: reason,
          reviewedAt: now,
          reviewedBy: actorOf(staff),
          updatedAt: now,
        });
        await releaseAfterSaleLines(tx, request.orderId, await linesHeldBy(tx, request), 'closed');
        return { moved, sms: afterSaleSms.rejected(request.code, reason) };
      });
    },

    /** 商家已收货: the returned goods arrived (the member entered their waybill); 退款中 and the refund starts. */
    confirmReturn(code: string, staff: StaffPrincipal) {
      return decide(code, staff, 'awaitingReturn', 'aftersale.confirmReturn', async (tx, request, now) => {
        if (!request.returnWaybillNo) throw conflict(AFTERSALE_MSG.waybillMissing);
        const moved = await move(tx, request, {
          status: 'refunding',
          returnedAt: now,
          refundingAt: now,
          updatedAt: now,
        });
        const order = await lockOrderByCode(tx, request.ordersCode);
        if (!order) throw notFound();
        await startRefund(tx, moved, order, actorOf(staff), now);
        return { moved, sms: afterSaleSms.returnArrived(request.code, request.refundAmount) };
      });
    },

    /** 重新退款: the gateway refused the request's refund (退款中 stays); it is sent again, once. */
    refundAgain(code: string, staff: StaffPrincipal) {
      return decide(code, staff, 'refunding', 'aftersale.refundAgain', async (tx, request, now) => {
        const order = await lockOrderByCode(tx, request.ordersCode);
        if (!order) throw notFound();
        if (!isRefundRefused(request, await findRefundOfAfterSale(tx, request.code, true))) {
          throw conflict(AFTERSALE_MSG.refundNotFailed);
        }
        await requestAfterSaleRefund(tx, {
          order,
          afterSaleCode: request.code,
          amount: request.refundAmount,
          actor: actorOf(staff),
          now,
        });
        return { moved: request, sms: null };
      });
    },
  };
}
