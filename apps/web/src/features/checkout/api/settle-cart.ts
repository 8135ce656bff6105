import type { SettlementView } from '@anxin/shared/checkout/checkout';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** 去结算: the cart's ticked lines in stock → a settlement to confirm. */
export function settleCart(): Promise<SettlementView> {
  return apiRequest<SettlementView>('POST', '/v2/settle/cart');
}

export function useSettleCart() {
  return useMutation({ mutationFn: settleCart });
}
