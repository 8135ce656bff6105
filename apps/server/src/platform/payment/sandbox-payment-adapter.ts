import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@anxin/shared/payments/payments';
import {
  type CreatePaymentInput,
  InvalidGatewayAnswerError,
  InvalidNotificationError,
  type PaymentAdapter,
  type PaymentNotification,
  type RefundInput,
  type RefundResult,
} from './payment-adapter.ts';

/**
 * The sandbox gateway, the default outside production. `payUrl` opens our own cashier page
 * `/sandbox/cashier/<paymentId>` (marked 沙箱收银台), where the shopper picks 支付宝 or 微信支付 and succeeds or
 * fails; the sandbox then sends a notification signed like Alipay's and WeChat Pay's: every field except `sign`,
 * sorted by name, joined as `k=v&k=v`, HMAC-SHA256 with the sandbox key, hex. A refund goes the same way: the
 * request signed so, the gateway's answer (its refund number and status) signed so and checked.
 */
export const SANDBOX_NOTIFY_FIELDS = [
  'payment_id',
  'trade_no',
  'channel',
  'total_amount',
  'trade_status',
  'paid_at',
  'nonce',
] as const;

export const SANDBOX_TRADE_STATUS = { success: 'TRADE_SUCCESS', fail: 'TRADE_FAILED' } as const;

export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signSandboxParams(params: Record<string, string>, key: Buffer): string {
  return createHmac('sha256', key).update(canonicalString(params), 'utf8').digest('hex');
}

export type SandboxPaymentAdapter = PaymentAdapter & {
  /** What the sandbox gateway does when the shopper decides at its cashier: a signed notification. */
  signNotification(fields: Record<(typeof SANDBOX_NOTIFY_FIELDS)[number], string>): Record<string, string>;
};

/** A refund request as the merchant signs it (Alipay's alipay.trade.refund, WeChat Pay's refund). */
export const SANDBOX_REFUND_FIELDS = [
  'payment_id',
  'trade_no',
  'out_request_no',
  'refund_amount',
  'refund_reason',
  'nonce',
] as const;
export const SANDBOX_REFUND_STATUS = { success: 'REFUND_SUCCESS', fail: 'REFUND_FAILED' } as const;
/** The trade numbers the sandbox's cashier gives (sandbox-gateway.routes.ts): the only trades it can refund. */
const SANDBOX_TRADE_NO = /^SBX[0-9A-Za-z]+$/;

/**
 * The sandbox gateway's side of a refund, as a real gateway's server answers one: the merchant's signature
 * checked, a trade it never made refused, and for the rest a refund number derived from the merchant's refund
 * number (so asking again is the same refund), the answer signed with the same key.
 */
export function answerSandboxRefund(request: Record<string, string>, key: Buffer, now: Date): Record<string, string> {
  const answer = (fields: Record<string, string>) => {
    const body = { out_request_no: request.out_request_no ?? '', nonce: randomBytes(8).toString('hex'), ...fields };
    return { ...body, sign: signSandboxParams(body, key) };
  };
  const refused = (reason: string) =>
    answer({
      refund_status: SANDBOX_REFUND_STATUS.fail,
      refund_amount: request.refund_amount ?? '',
      fail_reason: reason,
    });
  const isComplete = SANDBOX_REFUND_FIELDS.every(
    (field) => typeof request[field] === 'string' && request[field] !== '',
  );
  const given = Buffer.from(request.sign ?? '', 'hex');
  const expected = Buffer.from(signSandboxParams(withoutSign(request), key), 'hex');
  if (!isComplete || given.length !== expected.length || !timingSafeEqual(given, expected)) return refused('签名错误');
  if (!SANDBOX_TRADE_NO.test(request.trade_no!)) return refused('交易不存在');
  const amount = Number(request.refund_amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) return refused('退款金额有误');
  const refundNo = `SBR${createHmac('sha256', key).update(`refund:${request.out_request_no}`).digest('hex').slice(0, 24)}`;
  return answer({
    refund_status: SANDBOX_REFUND_STATUS.success,
    refund_no: refundNo,
    refund_amount: String(amount),
    gmt_refund: now.toISOString(),
  });
}

/** Where the sandbox adapter sends a signed refund request (the sandbox gateway itself unless a test stands in). */
export type SandboxRefundGateway = (request: Record<string, string>) => Record<string, string>;

export function createSandboxPaymentAdapter(
  key: Buffer,
  options: { gateway?: SandboxRefundGateway } = {},
): SandboxPaymentAdapter {
  const gateway = options.gateway ?? ((request) => answerSandboxRefund(request, key, new Date()));
  return {
    provider: 'sandbox',
    acknowledgement: 'success',

    async createPayment(input: CreatePaymentInput) {
      return { payUrl: `/sandbox/cashier/${encodeURIComponent(input.paymentId)}` };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const fields: Record<(typeof SANDBOX_REFUND_FIELDS)[number], string> = {
        payment_id: input.paymentId,
        trade_no: input.tradeNo,
        out_request_no: input.refundId,
        refund_amount: String(input.amount),
        refund_reason: input.reason,
        nonce: randomBytes(8).toString('hex'),
      };
      const raw = gateway({ ...fields, sign: signSandboxParams(fields, key) });
      const given = Buffer.from(raw.sign ?? '', 'hex');
      const expected = Buffer.from(signSandboxParams(withoutSign(raw), key), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidGatewayAnswerError('bad signature');
      }
      if (raw.out_request_no !== input.refundId) throw new InvalidGatewayAnswerError('another refund’s answer');
      if (raw.refund_status !== SANDBOX_REFUND_STATUS.success) {
        return {
          isSuccess: false,
          refundNo: null,
          amount: input.amount,
          refundedAt: null,
          failure: raw.fail_reason ?? '退款失败',
          raw,
        };
      }
      const refundedAt = new Date(raw.gmt_refund ?? '');
      if (!raw.refund_no || Number(raw.refund_amount) !== input.amount || Number.isNaN(refundedAt.getTime())) {
        throw new InvalidGatewayAnswerError('malformed answer');
      }
      return { isSuccess: true, refundNo: raw.refund_no, amount: input.amount, refundedAt, failure: null, raw };
    },

    signNotification(fields) {
      return { ...fields, sign: signSandboxParams(fields, key) };
    },

    verifyNotification(params: Record<string, unknown>): PaymentNotification {
      const raw: Record<string, string> = {};
      for (const field of [...SANDBOX_NOTIFY_FIELDS, 'sign'] as const) {
        const value = params[field];
        if (typeof value !== 'string' || value === '') throw new InvalidNotificationError(`missing ${field}`);
        raw[field] = value;
      }
      const expected = Buffer.from(signSandboxParams(withoutSign(raw), key), 'hex');
      const given = Buffer.from(raw.sign!, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidNotificationError('bad signature');
      }
      const amount = Number(raw.total_amount);
      const paidAt = new Date(raw.paid_at!);
      const channel = raw.channel as PaymentChannel;
      if (!Number.isSafeInteger(amount) || amount <= 0 || Number.isNaN(paidAt.getTime())) {
        throw new InvalidNotificationError('malformed fields');
      }
      if (!PAYMENT_CHANNELS.includes(channel)) throw new InvalidNotificationError('unknown channel');
      return {
        paymentId: raw.payment_id!,
        tradeNo: raw.trade_no!,
        channel,
        amount,
        isSuccess: raw.trade_status === SANDBOX_TRADE_STATUS.success,
        paidAt,
        raw,
      };
    },
  };
}

function withoutSign(params: Record<string, string>) {
  const { sign: _sign, ...rest } = params;
  return rest;
}
