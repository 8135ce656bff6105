import { z } from 'zod';
import { consigneeSchema } from '../addresses/address.schemas.ts';
import { productCodeSchema } from '../catalogue/catalogue.contract.ts';
import { MSG } from '../common/messages.ts';
import { pageNumberParam, pageOf } from '../common/page.ts';
import { phoneSchema } from '../common/phone.ts';
import { PRESCRIPTION_STATUSES, REJECT_REASON_MAX_LENGTH } from '../inquiry/inquiry.rules.ts';
import { ORDER_TYPES } from '../orders/order-status.ts';
import { patientReplySchema } from '../patients/patient.contract.ts';
import { MARKETING_AUDIT_ACTION_NAME } from './console-assets.contract.ts';
import { OPERATIONS_AUDIT_ACTION_NAME } from './console-operations.contract.ts';
import { STAFF_AUDIT_ACTION_NAME } from './console-staff.contract.ts';
import { STAFF_ROLES } from './staff-roles.ts';

// The console's work (docs/CONSOLE.md, "What the console does"): the pharmacist's queue, the orders, the
// dashboard and the audit log; what each route answers and takes. Dates of a query are days in China time
// (UTC+8); times in replies are ISO strings.

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The day in China of a moment: '2026-11-28'. */
export const chinaDayOf = (moment: Date) => new Date(moment.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** The moment a China day starts; `days` later for the start of a later one. */
export const chinaDayStart = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + days * DAY_MS);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = z
  .string()
  .regex(DAY, { error: MSG.consoleDateInvalid })
  .refine((day) => !Number.isNaN(chinaDayStart(day).getTime()) && chinaDayOf(chinaDayStart(day)) === day, {
    error: MSG.consoleDateInvalid,
  })
  .optional();
/** A `from`…`to` range of days, either end open; `from` not after `to` (the refinement below). */
const dayRangeShape = { from: dayParam, to: dayParam };
const isRangeOrdered = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeIssue = { error: MSG.consoleDateRangeInvalid, path: ['to'] };

// ---- 处方审核: the pharmacist's queue ----

/** The order of a console address (`/admin/inquiries/{ordersCode}`, `/admin/orders/{ordersCode}`…). */
export const consoleOrdersCodeParamSchema = z.object({ ordersCode: z.string().min(1).max(64) });

/** Why a pharmacist rejects a prescription order; the member reads the reason (and the note after it). */
export const RX_REJECT_REASONS = [
  '处方信息不完整',
  '诊断与所购药品不符',
  '用药人信息有误',
  '存在用药禁忌',
  '超出常规用量',
  '处方图片不清晰',
  '其他',
] as const;
/** The note after a reason: the stored reason is `<reason>：<note>`, within REJECT_REASON_MAX_LENGTH. */
export const RX_REVIEW_NOTE_MAX_LENGTH = 80;

/** How many of the waiting orders GET /admin/inquiries lists, the oldest: a pharmacist works from the top. */
export const RX_QUEUE_LIMIT = 100;

/** GET /admin/inquiries: one order waiting for review, oldest first (at most RX_QUEUE_LIMIT). */
export const consoleInquiryItemSchema = z.object({
  ordersCode: z.string(),
  submittedAt: z.string(),
  waitingMinutes: z.number().int(),
  patientName: z.string(),
  productNames: z.array(z.string()),
  sum: z.number().int(),
  /** Paid online before the review (a rejection then refunds it). */
  isPaid: z.boolean(),
  paymentType: z.number().int(),
});
export type ConsoleInquiryItem = z.infer<typeof consoleInquiryItemSchema>;

const diagnosisSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  diseases: z.array(z.object({ icdCode: z.string().nullable(), icdName: z.string(), isCustom: z.boolean() })),
});

/** One earlier prescription of the same member, newest first. */
export const earlierPrescriptionSchema = z.object({
  ordersCode: z.string(),
  submittedAt: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  patientName: z.string(),
  diseases: z.array(z.string()),
  drugs: z.array(z.string()),
  pharmacistName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});

/** GET /admin/inquiries/{ordersCode}: everything the pharmacist decides on (the full read is logged). */
export const consoleInquiryDetailSchema = z.object({
  ordersCode: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  submittedAt: z.string(),
  waitingMinutes: z.number().int(),
  sum: z.number().int(),
  isPaid: z.boolean(),
  /** The medication user as submitted: ID number and phones masked, age at today; the guardian's photo a signed link. */
  patient: patientReplySchema,
  diagnoses: z.array(diagnosisSchema),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** Signed links of the prescriptions and photos, valid 10 minutes. */
  images: z.array(z.string()),
  drugs: z.array(
    z.object({
      productCode: z.string(),
      productName: z.string(),
      packing: z.string().nullable(),
      amount: z.number().int(),
      prescriptionType: z.number().int(),
    }),
  ),
  earlierPrescriptions: z.array(earlierPrescriptionSchema),
  pharmacistName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type ConsoleInquiryDetail = z.infer<typeof consoleInquiryDetailSchema>;

/** POST /admin/inquiries/{ordersCode}/audit: 通过, or 驳回 with a reason from the list and an optional note. */
export const rxReviewBodySchema = z
  .object({
    verdict: z.enum(['pass', 'reject']),
    reason: z.string().optional(),
    note: z.string().trim().max(RX_REVIEW_NOTE_MAX_LENGTH, { error: MSG.rxReviewNoteTooLong }).optional(),
  })
  .superRefine((body, context) => {
    if (body.verdict !== 'reject') return;
    if (!body.reason) context.addIssue({ code: 'custom', message: MSG.rxRejectReasonRequired, path: ['reason'] });
    else if (!(RX_REJECT_REASONS as readonly string[]).includes(body.reason)) {
      context.addIssue({ code: 'custom', message: MSG.rxRejectReasonUnknown, path: ['reason'] });
    }
  });
export type RxReviewBody = z.input<typeof rxReviewBodySchema>;

/** The reason the member reads: the listed reason, then the note. */
export function rejectReasonText(reason: string, note?: string): string {
  return (note ? `${reason}：${note}` : reason).slice(0, REJECT_REASON_MAX_LENGTH);
}

/** The verdict's reply: where the order went (a rejected paid order waits for its refund). */
export const rxReviewReplySchema = z.object({
  ordersCode: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  orderType: z.enum(ORDER_TYPES),
});

// ---- 订单 ----

export const CONSOLE_ORDER_PAGE_SIZE = 20;

/** GET /admin/orders: by order code (or its start), the member's or consignee's phone, status, placing day. */
export const consoleOrderQuerySchema = z
  .object({
    code: z.string().trim().max(50, { error: MSG.consoleSearchTextTooLong }).optional(),
    phone: z.string().trim().max(11, { error: MSG.phoneMalformed }).optional(),
    status: z.enum(ORDER_TYPES, { error: MSG.consoleOrderStatusInvalid }).optional(),
    ...dayRangeShape,
    page: pageNumberParam,
  })
  .refine(isRangeOrdered, rangeIssue);
export type ConsoleOrderQuery = z.input<typeof consoleOrderQuerySchema>;

export const consoleOrderItemSchema = z.object({
  ordersCode: z.string(),
  parentOrderCode: z.string().nullable(),
  orderType: z.enum(ORDER_TYPES),
  statusName: z.string(),
  sum: z.number().int(),
  paymentType: z.number().int(),
  isRxDrug: z.boolean(),
  creationDate: z.string(),
  consignee: z.string(),
  /** The member's phone, masked. */
  memberPhone: z.string().nullable(),
  itemCount: z.number().int(),
});
export type ConsoleOrderItem = z.infer<typeof consoleOrderItemSchema>;
/** The most matching orders a search counts: past it the page says 10000+ (isTotalCapped). */
export const CONSOLE_ORDER_COUNT_CAP = 10_000;
export const consoleOrderPageSchema = pageOf(consoleOrderItemSchema).extend({ isTotalCapped: z.boolean() });
export type ConsoleOrderPage = z.infer<typeof consoleOrderPageSchema>;

/** What can be done to an order in its state (the page also hides what the staff member may not do). */
export const CONSOLE_ORDER_ACTIONS = ['ship', 'logistics', 'deliver', 'split', 'refund', 'refundComplete'] as const;
export type ConsoleOrderAction = (typeof CONSOLE_ORDER_ACTIONS)[number];

export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  /** Who did it: a staff login name, 'ops' (the command line), or null for the member or the system. */
  actor: z.string().nullable(),
});

/** GET /admin/orders/{ordersCode}, and the reply of every act on the order. */
export const consoleOrderDetailSchema = z.object({
  ordersCode: z.string(),
  parentOrderCode: z.string().nullable(),
  /** A split order: a frozen container of `children`. */
  isSplit: z.boolean(),
  children: z.array(
    z.object({ ordersCode: z.string(), orderType: z.enum(ORDER_TYPES), statusName: z.string(), sum: z.number() }),
  ),
  orderType: z.enum(ORDER_TYPES),
  statusName: z.string(),
  isRxDrug: z.boolean(),
  paymentType: z.number().int(),
  productMoney: z.number().int(),
  transportCosts: z.number().int(),
  couponValue: z.number().int(),
  mallCoinMoney: z.number().int(),
  sum: z.number().int(),
  creationDate: z.string(),
  memberPhone: z.string().nullable(),
  consignee: z.string(),
  consigneePhone: z.string(),
  deliveryAddress: z.string(),
  remark: z.string().nullable(),
  lines: z.array(
    z.object({
      productCode: z.string(),
      productName: z.string(),
      packing: z.string().nullable(),
      amount: z.number().int(),
      actualPrice: z.number().int(),
      prescriptionType: z.number().int(),
      /** Pieces refunded through after-sales, and pieces an open after-sale request holds (the warehouse's 售后). */
      refundedQuantity: z.number().int(),
      afterSaleHeld: z.number().int(),
    }),
  ),
  shipment: z
    .object({
      carrier: z.string(),
      waybill: z.string(),
      events: z.array(z.object({ time: z.string(), description: z.string() })),
    })
    .nullable(),
  /** Oldest first: the order's moves and the staff's acts on it. */
  timeline: z.array(orderTimelineEntrySchema),
  actions: z.array(z.enum(CONSOLE_ORDER_ACTIONS)),
  /** The refund is above REFUND_LIMIT_CENTS: only `orders.refund.unlimited` (the admin) may make it. */
  isRefundAboveLimit: z.boolean(),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

export const shipBodySchema = z.object({
  carrier: z.string().trim().min(1, { error: MSG.consoleCarrierInvalid }).max(20, { error: MSG.consoleCarrierInvalid }),
  waybill: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,30}$/, { error: MSG.consoleWaybillInvalid }),
});
export const logisticsBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: MSG.consoleLogisticsTextInvalid })
    .max(100, { error: MSG.consoleLogisticsTextInvalid }),
});
/** The sub-orders by product codes; absent: one sub-order per product. */
export const splitBodySchema = z.object({
  groups: z
    .array(z.array(z.string().max(50)).min(1).max(50), { error: MSG.consoleSplitInvalid })
    .min(2, { error: MSG.consoleSplitInvalid })
    .max(50)
    .optional(),
});
/** Without `complete`: start the refund (退款中); with it: the money is back (退款完成). */
export const refundBodySchema = z.object({ complete: z.boolean().optional() });

// ---- 代客下单: guest payment links ----

/** Products of a guest order: distinct codes, 1-99 pieces each. */
export const GUEST_ORDER_MAX_ITEMS = 20;
export const GUEST_ORDER_MAX_QUANTITY = 99;

/** POST /admin/guest-orders: what `npm run ops -- guest-order` takes, as fields. */
export const guestOrderBodySchema = z.object({
  phone: phoneSchema,
  items: z
    .array(
      z.object({
        productCode: productCodeSchema,
        quantity: z
          .number()
          .int({ error: MSG.consoleQuantityInvalid })
          .min(1, { error: MSG.consoleQuantityInvalid })
          .max(GUEST_ORDER_MAX_QUANTITY, { error: MSG.consoleQuantityInvalid }),
      }),
    )
    .min(1, { error: MSG.consoleItemsInvalid })
    .max(GUEST_ORDER_MAX_ITEMS, { error: MSG.consoleItemsInvalid })
    .refine((items) => new Set(items.map((item) => item.productCode)).size === items.length, {
      error: MSG.consoleItemsInvalid,
    }),
  province: z.string().trim().min(1, { error: MSG.regionInvalid }).max(20, { error: MSG.regionInvalid }),
  city: z.string().trim().min(1, { error: MSG.regionInvalid }).max(20, { error: MSG.regionInvalid }),
  district: z.string().trim().min(1, { error: MSG.regionInvalid }).max(20, { error: MSG.regionInvalid }),
  detail: z.string().trim().min(1, { error: MSG.detailAddressEmpty }).max(50, { error: MSG.detailAddressTooLong }),
  consignee: consigneeSchema,
  payment: z.enum(['online', 'cod']),
});
export type GuestOrderBody = z.input<typeof guestOrderBodySchema>;

/** A link's state as the console shows it, the first that holds from the right: paid, ended, expired, confirmed, sent. */
export const GUEST_LINK_STATES = ['sent', 'confirmed', 'paid', 'expired', 'ended'] as const;
export type GuestLinkState = (typeof GUEST_LINK_STATES)[number];
export const GUEST_LINK_STATE_NAME: Record<GuestLinkState, string> = {
  sent: '已发送',
  confirmed: '已确认',
  paid: '已支付',
  expired: '已过期',
  ended: '已结束',
};

export const guestLinkItemSchema = z.object({
  ordersCode: z.string(),
  /** The phone the SMS went to, masked. */
  phone: z.string(),
  consignee: z.string(),
  sum: z.number().int(),
  paymentType: z.number().int(),
  orderType: z.enum(ORDER_TYPES),
  state: z.enum(GUEST_LINK_STATES),
  createdAt: z.string(),
  bindDeadline: z.string(),
  expiresAt: z.string(),
  boundAt: z.string().nullable(),
  /** Ten wrong phones typed: the link refuses every try. */
  isLocked: z.boolean(),
});
export type GuestLinkItem = z.infer<typeof guestLinkItemSchema>;
export const guestLinkPageSchema = pageOf(guestLinkItemSchema);
export const GUEST_LINK_PAGE_SIZE = 20;

/** GET /admin/guest-links: newest first, by phone and order code (each a start). */
export const guestLinkQuerySchema = z.object({
  phone: z.string().trim().max(11, { error: MSG.phoneMalformed }).optional(),
  code: z.string().trim().max(50, { error: MSG.consoleSearchTextTooLong }).optional(),
  page: pageNumberParam,
});

// ---- 工作台 ----

export const DASHBOARD_DAYS = 30;

/** GET /admin/dashboard: today's figures and the last 30 days (China time), oldest day first. */
export const dashboardSchema = z.object({
  todayOrders: z.number().int(),
  waitingReviews: z.number().int(),
  /** The median time the waiting reviews have waited so far; null when none waits. */
  medianReviewWaitMinutes: z.number().int().nullable(),
  openGuestLinks: z.number().int(),
  /** Orders waiting to be shipped (待发货). */
  shippingBacklog: z.number().int(),
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), rxReviews: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- 操作日志 ----

/** The acts the log knows by name; a new act adds its name here. */
export const AUDIT_ACTION_NAME: Record<string, string> = {
  'rx.pass': '处方审核通过',
  'rx.reject': '处方审核驳回',
  'rx.linkCreate': '发送问诊链接',
  'rx.linkEnd': '结束问诊链接',
  'rx.settings': '修改处方设置',
  'order.ship': '订单发货',
  'order.logistics': '追加物流信息',
  'order.deliver': '标记已签收',
  'order.split': '拆分订单',
  'order.refund': '发起退款',
  'order.refundComplete': '退款完成',
  'order.refundGateway': '支付渠道退款',
  'guest.order': '代客下单',
  'guest.linkEnd': '结束支付链接',
  'aftersale.approve': '同意售后申请',
  'aftersale.reject': '驳回售后申请',
  'aftersale.confirmReturn': '确认售后退货',
  'aftersale.refundAgain': '售后重新退款',
  ...MARKETING_AUDIT_ACTION_NAME,
  ...OPERATIONS_AUDIT_ACTION_NAME,
  ...STAFF_AUDIT_ACTION_NAME,
};

/** The actor of the command line (`npm run ops`). */
export const OPS_ACTOR = 'ops';

export const AUDIT_PAGE_SIZE = 30;

/** GET /admin/audit-log (and .csv): by the actor's login name, the action, the object's id, the day. */
export const auditLogQuerySchema = z
  .object({
    staff: z.string().trim().max(32, { error: MSG.consoleSearchTextTooLong }).optional(),
    action: z.string().trim().max(50, { error: MSG.consoleSearchTextTooLong }).optional(),
    object: z.string().trim().max(50, { error: MSG.consoleSearchTextTooLong }).optional(),
    ...dayRangeShape,
    page: pageNumberParam,
  })
  .refine(isRangeOrdered, rangeIssue);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null for the command line. */
  staffId: z.number().nullable(),
  /** The staff member's login name, or OPS_ACTOR. */
  actor: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** The object's relevant fields before and after the act (ID numbers masked, never a password). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPageSchema = pageOf(auditEntrySchema);
/** GET /admin/audit-log.csv: the log as a CSV file (text/csv, UTF-8 with a BOM so a spreadsheet reads the Chinese). */
export const auditLogCsvSchema = z.string().describe('text/csv');
