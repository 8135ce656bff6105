import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@anxin/shared/payments/payments';
import {
  type CreatePaymentInput,
  InvalidNotificationError,
  type PaymentAdapter,
  type PaymentNotification,
} from './payment-adapter.ts';

/**
 * The sandbox gateway, the default outside production. `payUrl` opens our own cashier page
 * `/sandbox/cashier/<paymentId>` (marked 沙箱收银台), where the shopper picks 支付宝 or 微信支付 and succeeds or
 * fails; the sandbox then sends a notification signed like Alipay's and WeChat Pay's: every field except `sign`,
 * sorted by name, joined as `k=v&k=v`, HMAC-SHA256 with the sandbox key, hex.
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

export function createSandboxPaymentAdapter(key: Buffer): SandboxPaymentAdapter {
  return {
    provider: 'sandbox',
    acknowledgement: 'success',

    async createPayment(input: CreatePaymentInput) {
      return { payUrl: `/sandbox/cashier/${encodeURIComponent(input.paymentId)}` };
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
