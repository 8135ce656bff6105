// A request as the member's and the console's replies show it.
import {
  AFTERSALE_REASON_NAME,
  AFTERSALE_STATUS_NAME,
  AFTERSALE_STEP_NAME,
  AFTERSALE_TYPE_NAME,
  type AfterSaleDetail,
  type AfterSaleLine,
  type AfterSaleStep,
  type AfterSaleSummary,
  type AfterSaleTimelineStep,
} from '@anxin/shared/aftersale/aftersale.contract';
import { formatYuan } from '@anxin/shared/common/money';
import type { OrderLineRow } from '../orders/orders.module.ts';
import type { AfterSaleLineRow, AfterSaleRow } from './aftersale.schema.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function linesOf(
  request: AfterSaleRow,
  requestLines: readonly AfterSaleLineRow[],
  orderLinesById: ReadonlyMap<number, OrderLineRow>,
): AfterSaleLine[] {
  return requestLines
    .filter((line) => line.afterSaleId === request.id)
    .flatMap((line) => {
      const orderLine = orderLinesById.get(line.orderLineId);
      if (!orderLine) return [];
      return [
        {
          lineId: orderLine.id,
          productCode: orderLine.productCode,
          productName: orderLine.productName,
          productImageUrl: orderLine.productImageUrl,
          packing: orderLine.packing,
          actualPrice: orderLine.actualPrice,
          quantity: line.quantity,
        },
      ];
    });
}

export function toSummary(request: AfterSaleRow, lines: AfterSaleLine[]): AfterSaleSummary {
  return {
    code: request.code,
    ordersCode: request.ordersCode,
    type: request.type,
    typeName: AFTERSALE_TYPE_NAME[request.type],
    reason: request.reason,
    reasonName: AFTERSALE_REASON_NAME[request.reason],
    status: request.status,
    statusName: AFTERSALE_STATUS_NAME[request.status],
    refundAmount: request.refundAmount,
    refundCoins: request.refundCoins,
    createdAt: request.createdAt.toISOString(),
    lines,
  };
}

/** The steps of the request's path, in order (see afterSaleTimelineStepSchema). */
function pathOf(request: AfterSaleRow): AfterSaleStep[] {
  if (request.status === 'rejected') return ['submitted', 'reviewing', 'rejected'];
  if (request.status === 'cancelled') return ['submitted', 'reviewing', 'cancelled'];
  return request.type === 'returnRefund'
    ? ['submitted', 'reviewing', 'approved', 'awaitingReturn', 'returned', 'refunding', 'refunded']
    : ['submitted', 'reviewing', 'approved', 'refunding', 'refunded'];
}

function refundNote(request: AfterSaleRow) {
  const coins = request.refundCoins > 0 ? `，健康币 ${request.refundCoins} 个退回账户` : '';
  return `¥${formatYuan(request.refundAmount)} 原路退回${coins}`;
}

export function timelineOf(request: AfterSaleRow): AfterSaleTimelineStep[] {
  const approvedAt = request.status === 'pending' ? null : request.reviewedAt;
  const moments: Record<AfterSaleStep, { time: Date | null; note: string | null }> = {
    submitted: { time: request.createdAt, note: null },
    reviewing: { time: request.createdAt, note: null },
    approved: { time: approvedAt, note: null },
    rejected: { time: request.reviewedAt, note: request.rejectReason },
    awaitingReturn: {
      time: approvedAt,
      note: request.returnAddress ? `退货地址：${request.returnAddress}` : null,
    },
    returned: {
      time: request.returnedAt,
      note: request.returnWaybillNo ? `已寄回：${request.returnCarrier ?? ''} ${request.returnWaybillNo}` : null,
    },
    refunding: { time: request.refundingAt, note: request.refundingAt ? refundNote(request) : null },
    refunded: { time: request.refundedAt, note: null },
    // A request the whole order's refund closed says so (a member's own cancel has no reason).
    cancelled: { time: request.cancelledAt, note: request.cancelReason },
  };
  return pathOf(request).map((step) => ({
    step,
    label: AFTERSALE_STEP_NAME[step],
    reached: moments[step].time !== null,
    time: iso(moments[step].time),
    note: moments[step].note,
  }));
}

export function toDetail(request: AfterSaleRow, lines: AfterSaleLine[], photoUrls: string[]): AfterSaleDetail {
  return {
    ...toSummary(request, lines),
    description: request.description,
    photos: photoUrls,
    freightAmount: request.freightAmount,
    rejectReason: request.rejectReason,
    returnAddress: request.returnAddress,
    returnCarrier: request.returnCarrier,
    returnWaybillNo: request.returnWaybillNo,
    canCancel: request.status === 'pending',
    canEnterWaybill: request.status === 'awaitingReturn',
    timeline: timelineOf(request),
    updatedAt: request.updatedAt.toISOString(),
  };
}
