import { PAY_NOW_PAYMENT_TYPE } from '@anxin/shared/payments/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type PayNowInput = { userId: number; orderCodes: string[]; paySource?: string };

/**
 * Pay now (api-conventions): `POST /v2/pay {userId, orderCodes, paySource, platform PC, paymentType 99}`
 * → `{payUrl}`, the cashier to open (`window.location.assign(payUrl)`). A prescription order whose inquiry is
 * not complete goes to `/pay/inquiry` instead (payTargetFor in @anxin/shared/orders/order-status); the server
 * refuses it with 409.
 */
export function payNow(input: PayNowInput): Promise<{ payUrl: string }> {
  return apiRequest<{ payUrl: string }>('POST', '/v2/pay', {
    body: {
      userId: input.userId,
      orderCodes: input.orderCodes,
      paySource: input.paySource ?? 'PC',
      platform: 'PC',
      paymentType: PAY_NOW_PAYMENT_TYPE,
    },
    headers: { platform: 'PC' },
  });
}

export function usePayNow() {
  return useMutation({ mutationFn: payNow });
}

/** The inquiry page a prescription order goes to before it can be paid (/pay/inquiry). */
export function inquiryUrlFor(ordersCode: string, paySource = 'PC'): string {
  return `/pay/inquiry?orderCode=${encodeURIComponent(ordersCode)}&paySource=${encodeURIComponent(paySource)}`;
}
