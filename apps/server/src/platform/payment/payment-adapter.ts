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
  /**
   * Gives money of a paid trade back (all or part of it), as Alipay's trade refund and WeChat Pay's refund do: a
   * signed request naming the trade and our refund number, answered at once with the gateway's refund number and
   * status. Asking again with the same `refundId` is the same refund, never a second one. Throws when the
   * gateway cannot be reached or its answer is not to be believed (the refund's outcome is then unknown).
   */
  refund(input: RefundInput): Promise<RefundResult>;
}

export type RefundInput = {
  /** Our payment id (the merchant trade number) and the gateway's trade number of it. */
  paymentId: string;
  tradeNo: string;
  /** Cents to give back. */
  amount: number;
  /** Our refund number: the gateway keeps one refund per number. */
  refundId: string;
  reason: string;
};

export type RefundResult = {
  isSuccess: boolean;
  /** The gateway's refund number (null when it refused). */
  refundNo: string | null;
  /** Cents, as the gateway gave them back. */
  amount: number;
  refundedAt: Date | null;
  /** Why the gateway refused, in its words. */
  failure: string | null;
  /** Every field of the answer as received, for the record. */
  raw: Record<string, string>;
};

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

/** A gateway's answer that is malformed or not signed by the gateway. */
export class InvalidGatewayAnswerError extends Error {}
