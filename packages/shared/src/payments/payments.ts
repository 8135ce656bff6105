// Paying (api-conventions "pay now"): the request body, the cashier channels and the payment states.
import { z } from 'zod';
import { MSG } from '../common/messages.ts';

/** Pay-now always sends payment type 99 (online). */
export const PAY_NOW_PAYMENT_TYPE = 99;

/** `POST /v2/pay {userId, orderCodes, paySource, platform, paymentType}`; orderCodes comma-separated or a list. */
export const payNowBodySchema = z.object({
  userId: z.coerce.number().int().positive(),
  orderCodes: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((code) => code.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(40))
        .min(1, { error: MSG.orderCodesEmpty })
        .max(20)
        .transform((codes) => [...new Set(codes)]),
    ),
  paySource: z.string().trim().max(20).default('PC'),
  platform: z.literal('PC').default('PC'),
  paymentType: z.literal(PAY_NOW_PAYMENT_TYPE, { error: MSG.paymentTypeRequired }),
});
export type PayNowBody = z.input<typeof payNowBodySchema>;

/** The cashier's channels and their payment-method codes (4 Alipay, 27 WeChat pay). */
export const PAYMENT_CHANNELS = ['alipay', 'wechat'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_CODE: Record<PaymentChannel, number> = { alipay: 4, wechat: 27 };
export const PAYMENT_CHANNEL_LABEL: Record<PaymentChannel, string> = { alipay: '支付宝', wechat: '微信支付' };

/**
 * pending: waiting for the shopper; paid: money in and the orders moved on; failed: the shopper's payment
 * failed; orphaned: money in, but the orders could no longer take it (cancelled meanwhile): to be refunded.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'orphaned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** GET /v2/sandbox/payments/{paymentId}: what the sandbox cashier page shows (amount in cents). */
export const sandboxCashierViewSchema = z.object({
  paymentId: z.string(),
  amount: z.number().int(),
  subject: z.string(),
  orderCodes: z.array(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  returnUrl: z.string(),
});
export type SandboxCashierView = z.infer<typeof sandboxCashierViewSchema>;

/** POST /v2/sandbox/payments/{paymentId}/confirm: the payment's status after the gateway's notification. */
export const sandboxConfirmReplySchema = z.object({ status: z.enum(PAYMENT_STATUSES), returnUrl: z.string() });
export type SandboxConfirmReply = z.infer<typeof sandboxConfirmReplySchema>;

export const sandboxConfirmBodySchema = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  outcome: z.enum(['success', 'fail']),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;
