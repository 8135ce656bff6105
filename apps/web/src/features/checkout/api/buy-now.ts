import type { SettlementView } from '@anxin/shared/checkout/checkout';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** 立即购买: skuCode, quantity 1, sourceHost → a settlement to confirm. */
export function buyNow(input: { skuCode: string; quantity?: number }): Promise<SettlementView> {
  return apiRequest<SettlementView>('POST', '/v2/settle/buyNow', {
    body: { skuCode: input.skuCode, quantity: input.quantity ?? 1, sourceHost: window.location.host },
  });
}

export function useBuyNow() {
  return useMutation({ mutationFn: buyNow });
}
