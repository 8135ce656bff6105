// After-sales (售后, docs/AFTERSALE.md): the values and checks the pages need without zod, and the rules the
// server keeps with them (aftersale.contract.ts re-exports this file). A medicine, once sold, goes back only for
// a quality problem, wrong or damaged goods or non-delivery (药品网络销售监督管理办法); other goods may also go
// back without a reason within the window, where the mall configuration allows it.
import { isDrugClass, isPrescriptionProduct } from '../catalogue/catalogue.ts';
import type { OrderType } from '../orders/order-status.ts';

/** 仅退款: the money only (nothing shipped, or nothing to send back); 退货退款: the goods go back first. */
export const AFTERSALE_TYPES = ['refundOnly', 'returnRefund'] as const;
export type AfterSaleType = (typeof AFTERSALE_TYPES)[number];
export const AFTERSALE_TYPE_NAME: Record<AfterSaleType, string> = { refundOnly: '仅退款', returnRefund: '退货退款' };

export const AFTERSALE_REASONS = ['quality', 'wrongItem', 'damaged', 'notReceived', 'noReason'] as const;
export type AfterSaleReason = (typeof AFTERSALE_REASONS)[number];
export const AFTERSALE_REASON_NAME: Record<AfterSaleReason, string> = {
  quality: '质量问题',
  wrongItem: '发错货',
  damaged: '破损',
  notReceived: '未收到货',
  noReason: '七天无理由',
};

/**
 * Where a request stands. pending (审核中) → rejected (驳回, closed) | cancelled (已取消 by the member, closed) |
 * awaitingReturn (同意 a 退货退款: 待寄回, the member enters the waybill) | refunding (同意 a 仅退款, or the returned
 * goods arrived: 退款中) → refunded (退款成功, closed).
 */
export const AFTERSALE_STATUSES = [
  'pending',
  'awaitingReturn',
  'refunding',
  'refunded',
  'rejected',
  'cancelled',
] as const;
export type AfterSaleStatus = (typeof AFTERSALE_STATUSES)[number];
export const AFTERSALE_STATUS_NAME: Record<AfterSaleStatus, string> = {
  pending: '审核中',
  awaitingReturn: '待寄回',
  refunding: '退款中',
  refunded: '退款成功',
  rejected: '已驳回',
  cancelled: '已取消',
};
/** The statuses that hold the lines (the order cannot be reviewed, the lines not asked for again). */
export const OPEN_AFTERSALE_STATUSES: readonly AfterSaleStatus[] = ['pending', 'awaitingReturn', 'refunding'];
export const isOpenAfterSale = (status: AfterSaleStatus) => OPEN_AFTERSALE_STATUSES.includes(status);

/** The steps of a request's timeline, in the order they happen; each request shows those of its path. */
export const AFTERSALE_STEPS = [
  'submitted',
  'reviewing',
  'approved',
  'rejected',
  'awaitingReturn',
  'returned',
  'refunding',
  'refunded',
  'cancelled',
] as const;
export type AfterSaleStep = (typeof AFTERSALE_STEPS)[number];
export const AFTERSALE_STEP_NAME: Record<AfterSaleStep, string> = {
  submitted: '提交申请',
  reviewing: '审核中',
  approved: '同意',
  rejected: '驳回',
  awaitingReturn: '待寄回',
  returned: '商家已收货',
  refunding: '退款中',
  refunded: '退款成功',
  cancelled: '已取消',
};

/** The description the member writes: at most this many characters. */
export const AFTERSALE_DESCRIPTION_MAX_LENGTH = 200;
/** At most this many photos (the member's own private uploads: `POST /v2/upload?module=private`). */
export const AFTERSALE_MAX_PHOTOS = 6;
/** The console's reject reason and return address: at most this many characters. */
export const AFTERSALE_REJECT_REASON_MAX_LENGTH = 100;
export const AFTERSALE_RETURN_ADDRESS_MAX_LENGTH = 100;
/** The member's list shows 10 a page, the console's queue 20. */
export const AFTERSALE_PAGE_SIZE = 10;
export const CONSOLE_AFTERSALE_PAGE_SIZE = 20;

/** The console's usual reasons to reject (the agent may write another). */
export const AFTERSALE_REJECT_SUGGESTIONS = [
  '照片无法证明商品存在质量问题',
  '商品已拆封使用，不符合无理由退货条件',
  '已超过售后申请期限',
  '寄回的商品与申请不符',
] as const;

/** The messages of the after-sale rules, the same on the page and in the server's 400/409 replies. */
export const AFTERSALE_MSG = {
  orderNotEligible: '该订单当前状态不能申请售后',
  cashOnDelivery: '货到付款订单请联系客服办理售后',
  windowPassed: '已超过售后申请期限',
  linesRequired: '请选择要售后的商品',
  lineUnknown: '所选商品不属于该订单',
  quantityTooLarge: '申请数量超过可售后数量',
  quantityInvalid: '请输入正确的数量',
  typeNotShipped: '订单尚未发货，只能申请仅退款',
  typeRequired: '请选择售后类型',
  reasonRequired: '请选择售后原因',
  reasonNotAllowed: '所选商品不支持该售后原因',
  notReceivedIsRefundOnly: '未收到货请申请仅退款',
  descriptionTooLong: `问题描述不能超过${AFTERSALE_DESCRIPTION_MAX_LENGTH}个字`,
  photosTooMany: `最多上传${AFTERSALE_MAX_PHOTOS}张照片`,
  photoNotOwn: '图片无效，请重新上传',
  openRequest: '该订单有进行中的售后申请，暂不能评价',
  cannotCancel: '该售后申请已处理，不能取消',
  cannotShip: '该售后申请当前不能填写寄回信息',
  carrierRequired: '请输入快递公司',
  waybillInvalid: '请输入正确的快递单号',
  cannotReview: '该售后申请已处理',
  returnAddressRequired: '退货退款请填写退货地址',
  rejectReasonRequired: '请填写驳回原因',
  cannotConfirmReturn: '该售后申请不在待寄回状态',
  waybillMissing: '会员尚未填写寄回快递单号',
  overLimit: '退款金额超过客服权限，请联系管理员处理',
  nothingToRefund: '没有可退的金额',
  refundNotFailed: '该售后退款没有失败，无需重新发起',
  closedByOrderRefund: '订单已整单退款，售后申请已关闭',
} as const;

/** The order types after-sales are open to: paid and not yet shipped, shipped, received (then reviewed). */
export const AFTERSALE_ORDER_TYPES: readonly OrderType[] = [
  'waitAudit',
  'waitDelivery',
  'waitReceiving',
  'waitEvaluate',
  'completeTransaction',
];
/** Not yet shipped: only 仅退款, and the freight goes back with the goods. */
export const UNSHIPPED_ORDER_TYPES: readonly OrderType[] = ['waitAudit', 'waitDelivery'];

/** A line is a medicine (its reasons are limited) when it is a prescription product or of a drug class. */
export const isMedicineLine = (line: { prescriptionType: number; classCode: string | null }) =>
  isPrescriptionProduct(line.prescriptionType) || (line.classCode !== null && isDrugClass(line.classCode));

/**
 * The reasons a request on these lines may give: a medicine only quality, wrong item, damage and non-delivery;
 * other goods add 七天无理由 while the mall configuration's `afterSaleNoReason` is on. Several lines: what all allow.
 */
export function reasonsFor(
  lines: readonly { prescriptionType: number; classCode: string | null }[],
  isNoReasonAllowed: boolean,
): AfterSaleReason[] {
  const anyMedicine = lines.some(isMedicineLine);
  return AFTERSALE_REASONS.filter((reason) => reason !== 'noReason' || (isNoReasonAllowed && !anyMedicine));
}

/** The types an order of this type may ask for: unshipped only 仅退款. */
export function typesFor(orderType: OrderType): AfterSaleType[] {
  return UNSHIPPED_ORDER_TYPES.includes(orderType) ? ['refundOnly'] : [...AFTERSALE_TYPES];
}

/**
 * The last moment a request may be made: `days` days after the member confirmed receipt; before receipt
 * (paid, shipped) there is no end yet (null).
 */
export function afterSaleDeadline(receivedAt: string | Date | null, days: number): Date | null {
  if (!receivedAt) return null;
  return new Date(new Date(receivedAt).getTime() + days * 86_400_000);
}

/** Whether an order of this type, received when it was, may still ask for after-sales at `now`. */
export function isAfterSaleOpen(
  order: { orderType: OrderType; receivedAt: string | Date | null },
  days: number,
  now: Date,
): boolean {
  if (!AFTERSALE_ORDER_TYPES.includes(order.orderType)) return false;
  const deadline = afterSaleDeadline(order.receivedAt, days);
  return deadline === null || now.getTime() <= deadline.getTime();
}
