import type { PaymentChannel } from '@anxin/shared/payments/payments';

/**
 * A payment gateway (Alipay, WeChat Pay, or the sandbox). The mall creates a payment and sends the shopper to
 * `payUrl`; the gateway later calls back with an asynchronous notification that the mall verifies before it
 * believes a word of it. Real gateways implement the same shape.
 */
export interface PaymentAdapter {
  /** Stored on each payment; names the notify route `/v2/payments/notify/<provider>`. */
  readonly provider: string;
  createPayment(input: CreatePaymentInput): Promise<{ payUrl: string }>;
  /** Checks the signature of a notification; answers its fields, or throws InvalidNotificationError. */
  verifyNotification(params: Record<string, unknown>): PaymentNotification;
  /** The body the gateway expects once a notification is handled (it retries until it gets it). */
  readonly acknowledgement: string;
}

export type CreatePaymentInput = {
  /** Our payment id: the merchant trade number the notification names. */
  paymentId: string;
  /** Cents. */
  amount: number;
  subject: string;
  notifyUrl: string;
  /** Where the cashier sends the shopper afterwards. */
  returnUrl: string;
};

export type PaymentNotification = {
  paymentId: string;
  /** The gateway's trade number. */
  tradeNo: string;
  channel: PaymentChannel;
  /** Cents, as the gateway took them. */
  amount: number;
  isSuccess: boolean;
  paidAt: Date;
  /** Every field as received, for the record. */
  raw: Record<string, string>;
};

export class InvalidNotificationError extends Error {}
