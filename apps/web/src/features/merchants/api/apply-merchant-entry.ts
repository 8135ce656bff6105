import type { MerchantEntry, MerchantEntryBody } from '@anxin/shared/merchants/merchant-entry.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MERCHANT_ENTRY_QUERY_KEY } from './get-merchant-entry.ts';

export function applyMerchantEntry(body: MerchantEntryBody): Promise<MerchantEntry> {
  return apiRequest<MerchantEntry>('POST', '/v2/merchants/entry', { body });
}

export function useApplyMerchantEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyMerchantEntry,
    onSuccess: (entry) => queryClient.setQueryData(MERCHANT_ENTRY_QUERY_KEY, { entry }),
  });
}
