import type { SandboxCashierView } from '@anxin/shared/payments/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The sandbox gateway's payment, as its cashier page shows it. */
export function getSandboxPayment(paymentId: string, signal?: AbortSignal): Promise<SandboxCashierView> {
  return apiRequest<SandboxCashierView>('GET', `/v2/sandbox/payments/${encodeURIComponent(paymentId)}`, { signal });
}

export function sandboxPaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['sandbox', 'payment', paymentId],
    queryFn: ({ signal }) => getSandboxPayment(paymentId, signal),
    staleTime: 0,
  });
}

export function useSandboxPayment(paymentId: string) {
  return useQuery(sandboxPaymentQueryOptions(paymentId));
}
