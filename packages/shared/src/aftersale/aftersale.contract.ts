// After-sales (售后, docs/AFTERSALE.md): every request and reply of the member's calls (`/v2/aftersale…`) and the
// console's (`/admin/aftersales…`), one schema for the page and the server. Money in integer cents, coins as a
// count, times ISO 8601.
import { z } from 'zod';
import { pageNumberParam, pageOf, pageSizeParam } from '../common/page.ts';
import {
  AFTERSALE_DESCRIPTION_MAX_LENGTH,
  AFTERSALE_MAX_PHOTOS,
  AFTERSALE_MSG,
  AFTERSALE_PAGE_SIZE,
  AFTERSALE_REASONS,
  AFTERSALE_REJECT_REASON_MAX_LENGTH,
  AFTERSALE_RETURN_ADDRESS_MAX_LENGTH,
  AFTERSALE_STATUSES,
  AFTERSALE_STEPS,
  AFTERSALE_TYPES,
  CONSOLE_AFTERSALE_PAGE_SIZE,
} from './aftersale.rules.ts';

export * from './aftersale.rules.ts';

/** The request's code in a path: 'SH' + yyyyMMdd + 8 digits. */
export const afterSaleCodeParamSchema = z.object({ code: z.string().min(1).max(32) });
/** The order in a path. */
export const afterSaleOrderParamSchema = z.object({ ordersCode: z.string().min(1).max(64) });

/** One line asked for: the order line (`lineId` of the order detail's `afterSale.lines`) and how many. */
export const afterSaleLineInputSchema = z.object({
  lineId: z.number({ error: AFTERSALE_MSG.lineUnknown }).int({ error: AFTERSALE_MSG.lineUnknown }).positive(),
  quantity: z
    .number({ error: AFTERSALE_MSG.quantityInvalid })
    .int({ error: AFTERSALE_MSG.quantityInvalid })
    .min(1, { error: AFTERSALE_MSG.quantityInvalid })
    .max(9999, { error: AFTERSALE_MSG.quantityTooLarge }),
});
export type AfterSaleLineInput = z.infer<typeof afterSaleLineInputSchema>;

const linesInputSchema = z
  .array(afterSaleLineInputSchema, { error: AFTERSALE_MSG.linesRequired })
  .min(1, { error: AFTERSALE_MSG.linesRequired })
  .max(100, { error: AFTERSALE_MSG.linesRequired })
  .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, {
    error: AFTERSALE_MSG.lineUnknown,
  });

/** `POST /v2/aftersale/quote`: what the member picked; the server answers what would come back. */
export const afterSaleQuoteBodySchema = z.object({
  ordersCode: z.string().min(1).max(64),
  type: z.enum(AFTERSALE_TYPES, { error: AFTERSALE_MSG.typeRequired }),
  lines: linesInputSchema,
});
export type AfterSaleQuoteBody = z.infer<typeof afterSaleQuoteBodySchema>;

/**
 * The computed refund: `refundAmount` cents to the original payment method, `refundCoins` health coins back to
 * the member (the lines' paid share after coupons, split between money and coins as the order was paid;
 * `freightAmount` of it is freight, included only when nothing was shipped or the whole order goes back);
 * `reasons` the reasons these lines allow.
 */
export const afterSaleQuoteSchema = z.object({
  refundAmount: z.number().int(),
  refundCoins: z.number().int(),
  freightAmount: z.number().int(),
  /** The request returns everything of the order still refundable (the coupon then comes back too). */
  isWholeOrder: z.boolean(),
  reasons: z.array(z.enum(AFTERSALE_REASONS)),
});
export type AfterSaleQuote = z.infer<typeof afterSaleQuoteSchema>;

/** `POST /v2/aftersale`: the request. Photos are the URLs `POST /v2/upload?module=private` answered. */
export const afterSaleCreateBodySchema = afterSaleQuoteBodySchema.extend({
  reason: z.enum(AFTERSALE_REASONS, { error: AFTERSALE_MSG.reasonRequired }),
  description: z
    .string()
    .trim()
    .max(AFTERSALE_DESCRIPTION_MAX_LENGTH, { error: AFTERSALE_MSG.descriptionTooLong })
    .default(''),
  photos: z
    .array(z.string().min(1).max(500), { error: AFTERSALE_MSG.photoNotOwn })
    .max(AFTERSALE_MAX_PHOTOS, { error: AFTERSALE_MSG.photosTooMany })
    .default([]),
});
export type AfterSaleCreateBody = z.input<typeof afterSaleCreateBodySchema>;

/** `GET /v2/aftersale/orders/{ordersCode}`: the apply form of one order. */
export const afterSaleFormSchema = z.object({
  ordersCode: z.string(),
  /** The order may ask now (status, window, something left); else `refusal` says why. */
  canApply: z.boolean(),
  refusal: z.string().nullable(),
  /** The end of the window (receipt + the mall's days), null before receipt. */
  deadline: z.string().nullable(),
  types: z.array(z.enum(AFTERSALE_TYPES)),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productCode: z.string(),
      productName: z.string(),
      productImageUrl: z.string().nullable(),
      packing: z.string().nullable(),
      actualPrice: z.number().int(),
      /** Bought. */
      amount: z.number().int(),
      /** Bought minus refunded and held by open requests. */
      refundableQuantity: z.number().int(),
      isMedicine: z.boolean(),
      reasons: z.array(z.enum(AFTERSALE_REASONS)),
    }),
  ),
  /** The order's requests still open (their codes). */
  openRequests: z.array(z.string()),
});
export type AfterSaleForm = z.infer<typeof afterSaleFormSchema>;

/** A line of a request as answered. */
export const afterSaleLineSchema = z.object({
  lineId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  productImageUrl: z.string().nullable(),
  packing: z.string().nullable(),
  actualPrice: z.number().int(),
  quantity: z.number().int(),
});
export type AfterSaleLine = z.infer<typeof afterSaleLineSchema>;

/** A request in the member's list. */
export const afterSaleSummarySchema = z.object({
  code: z.string(),
  ordersCode: z.string(),
  type: z.enum(AFTERSALE_TYPES),
  typeName: z.string(),
  reason: z.enum(AFTERSALE_REASONS),
  reasonName: z.string(),
  status: z.enum(AFTERSALE_STATUSES),
  statusName: z.string(),
  refundAmount: z.number().int(),
  refundCoins: z.number().int(),
  createdAt: z.string(),
  lines: z.array(afterSaleLineSchema),
});
export type AfterSaleSummary = z.infer<typeof afterSaleSummarySchema>;

/**
 * One step of the timeline: the steps of the request's path in order (仅退款: 提交申请, 审核中, 同意, 退款中,
 * 退款成功; 退货退款 adds 待寄回 and 商家已收货 after 同意; a rejected one ends at 驳回, a cancelled one at
 * 已取消), `reached` with its time once it happened; `note`: the reject reason (驳回), the return address
 * (待寄回), the carrier and waybill once entered (商家已收货 before it is reached: 已寄回 …).
 */
export const afterSaleTimelineStepSchema = z.object({
  step: z.enum(AFTERSALE_STEPS),
  label: z.string(),
  reached: z.boolean(),
  time: z.string().nullable(),
  note: z.string().nullable(),
});
export type AfterSaleTimelineStep = z.infer<typeof afterSaleTimelineStepSchema>;

/** `GET /v2/aftersale/{code}`, and the reply of every member act on a request. */
export const afterSaleDetailSchema = afterSaleSummarySchema.extend({
  description: z.string(),
  /** Signed links to the photos, valid 10 minutes. */
  photos: z.array(z.string()),
  freightAmount: z.number().int(),
  rejectReason: z.string().nullable(),
  /** Where the goods go back (退货退款, once approved). */
  returnAddress: z.string().nullable(),
  returnCarrier: z.string().nullable(),
  returnWaybillNo: z.string().nullable(),
  canCancel: z.boolean(),
  /** 待寄回: the member may enter (or correct) the carrier and waybill. */
  canEnterWaybill: z.boolean(),
  timeline: z.array(afterSaleTimelineStepSchema),
  updatedAt: z.string(),
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetailSchema>;

/** `GET /v2/aftersale?page&size&ordersCode`: the member's requests, newest first; `ordersCode` one order's. */
export const afterSaleListQuerySchema = z.object({
  page: pageNumberParam,
  size: pageSizeParam(AFTERSALE_PAGE_SIZE),
  ordersCode: z.string().min(1).max(64).optional(),
});
export const afterSalePageSchema = pageOf(afterSaleSummarySchema);
export type AfterSalePage = z.infer<typeof afterSalePageSchema>;

/** `PUT /v2/aftersale/{code}/return-shipment`: the carrier and waybill of the goods sent back. */
export const afterSaleReturnShipmentBodySchema = z.object({
  carrier: z
    .string({ error: AFTERSALE_MSG.carrierRequired })
    .trim()
    .min(2, { error: AFTERSALE_MSG.carrierRequired })
    .max(20, { error: AFTERSALE_MSG.carrierRequired }),
  waybillNo: z
    .string({ error: AFTERSALE_MSG.waybillInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{6,30}$/, { error: AFTERSALE_MSG.waybillInvalid }),
});
export type AfterSaleReturnShipmentBody = z.infer<typeof afterSaleReturnShipmentBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Console (`aftersale.review`: 客服 and the admin; above REFUND_LIMIT_CENTS only with orders.refund.unlimited).

/** `GET /admin/aftersales?status&page`: oldest first; without `status` the open ones (审核中, 待寄回, 退款中). */
export const consoleAfterSaleQuerySchema = z.object({
  status: z.enum(AFTERSALE_STATUSES).optional(),
  page: pageNumberParam,
  size: pageSizeParam(CONSOLE_AFTERSALE_PAGE_SIZE),
});

export const consoleAfterSaleItemSchema = afterSaleSummarySchema.extend({
  /** 138****8000. */
  memberPhone: z.string(),
  /** Waiting since (hours, whole), from creation. */
  ageHours: z.number().int(),
  /** The refund is above the 客服's limit: only the admin decides. */
  isAboveLimit: z.boolean(),
  returnWaybillNo: z.string().nullable(),
});
export type ConsoleAfterSaleItem = z.infer<typeof consoleAfterSaleItemSchema>;
export const consoleAfterSalePageSchema = pageOf(consoleAfterSaleItemSchema);
export type ConsoleAfterSalePage = z.infer<typeof consoleAfterSalePageSchema>;

/** refundAgain: the gateway refused the request's refund, which may be sent again. */
export const CONSOLE_AFTERSALE_ACTIONS = ['approve', 'reject', 'confirmReturn', 'refundAgain'] as const;
export type ConsoleAfterSaleAction = (typeof CONSOLE_AFTERSALE_ACTIONS)[number];

/** `GET /admin/aftersales/{code}`, and the reply of every console act on a request. */
export const consoleAfterSaleDetailSchema = afterSaleDetailSchema.extend({
  memberPhone: z.string(),
  isAboveLimit: z.boolean(),
  /** What the signed-in staff member may do now (an act above the limit is absent for the 客服). */
  actions: z.array(z.enum(CONSOLE_AFTERSALE_ACTIONS)),
  /** Why the payment gateway refused the request's refund (退款中 stays until it is sent again), else null. */
  refundFailure: z.string().nullable(),
  order: z.object({
    ordersCode: z.string(),
    orderStatusName: z.string(),
    creationDate: z.string(),
    paidAt: z.string().nullable(),
    shippingTime: z.string().nullable(),
    receivedAt: z.string().nullable(),
    productMoney: z.number().int(),
    transportCosts: z.number().int(),
    couponValue: z.number().int(),
    mallCoinMoney: z.number().int(),
    sum: z.number().int(),
    consignee: z.string(),
    lines: z.array(
      z.object({
        lineId: z.number().int(),
        productName: z.string(),
        packing: z.string().nullable(),
        actualPrice: z.number().int(),
        amount: z.number().int(),
      }),
    ),
  }),
  /** The member's other requests, newest first (at most 20). */
  history: z.array(afterSaleSummarySchema),
});
export type ConsoleAfterSaleDetail = z.infer<typeof consoleAfterSaleDetailSchema>;

/** `POST /admin/aftersales/{code}/approve`: 退货退款 needs the address the goods go back to. */
export const afterSaleApproveBodySchema = z.object({
  returnAddress: z
    .string()
    .trim()
    .max(AFTERSALE_RETURN_ADDRESS_MAX_LENGTH, { error: AFTERSALE_MSG.returnAddressRequired })
    .optional(),
});
export type AfterSaleApproveBody = z.infer<typeof afterSaleApproveBodySchema>;

/** `POST /admin/aftersales/{code}/reject`: the reason the member reads. */
export const afterSaleRejectBodySchema = z.object({
  reason: z
    .string({ error: AFTERSALE_MSG.rejectReasonRequired })
    .trim()
    .min(1, { error: AFTERSALE_MSG.rejectReasonRequired })
    .max(AFTERSALE_REJECT_REASON_MAX_LENGTH, { error: AFTERSALE_MSG.rejectReasonRequired }),
});
export type AfterSaleRejectBody = z.infer<typeof afterSaleRejectBodySchema>;
