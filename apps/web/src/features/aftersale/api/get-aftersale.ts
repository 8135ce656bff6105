import type { AfterSaleDetail } from '@anxin/shared/aftersale/aftersale.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { AFTERSALE_QUERY_KEY, afterSalePath } from './aftersale-keys.ts';

export const afterSaleDetailKey = (code: string) => [...AFTERSALE_QUERY_KEY, 'detail', code] as const;

/** `GET /v2/aftersale/{code}`: one request with its timeline (photos as 10-minute links). */
export function getAfterSale(code: string, signal?: AbortSignal): Promise<AfterSaleDetail> {
  return apiRequest<AfterSaleDetail>('GET', afterSalePath(code), { signal });
}

export function useAfterSale(code: string) {
  return useQuery({
    queryKey: afterSaleDetailKey(code),
    queryFn: ({ signal }) => getAfterSale(code, signal),
    enabled: isMemberQueryEnabled,
    // 退款中 turns 退款成功 when the payment gateway answers, a moment after the decision.
    refetchInterval: (query) => (query.state.data?.status === 'refunding' ? 3000 : false),
  });
}
