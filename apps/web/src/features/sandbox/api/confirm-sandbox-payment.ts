import type { SandboxConfirmBody, SandboxConfirmReply } from '@anxin/shared/payments/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The shopper's decision at the sandbox cashier; the gateway then sends its signed notification. */
export function confirmSandboxPayment(input: { paymentId: string } & SandboxConfirmBody): Promise<SandboxConfirmReply> {
  const { paymentId, ...body } = input;
  return apiRequest('POST', `/v2/sandbox/payments/${encodeURIComponent(paymentId)}/confirm`, { body });
}

export function useConfirmSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSandboxPayment,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
