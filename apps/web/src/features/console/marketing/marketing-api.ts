import type { Paged } from '@anxin/shared/common/page';
import type {
  CoinAdjustBody,
  CoinAdjustment,
  CoinAdjustmentQuery,
  CoinAdjustReply,
  CouponBatch,
  CouponBatchStart,
  CouponTemplate,
  CouponTemplateCreate,
} from '@anxin/shared/staff/console-assets.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../api/console-request.ts';

// The calls of the console's 健康补贴 and 健康币 pages (docs/CONSOLE.md, 营销 — 健康补贴与健康币).

const TEMPLATES_KEY = [CONSOLE_QUERY_KEY, 'coupon-templates'] as const;
const BATCHES_KEY = [CONSOLE_QUERY_KEY, 'coupon-batches'] as const;
const COIN_ADJUSTMENTS_KEY = [CONSOLE_QUERY_KEY, 'coin-adjustments'] as const;
/** How often a running batch's progress is read. */
const BATCH_POLL_MS = 500;

export function useCouponTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () => consoleRequest<CouponTemplate[]>('GET', '/coupon-templates'),
  });
}

export function useCreateCouponTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponTemplateCreate) => consoleRequest<CouponTemplate>('POST', '/coupon-templates', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useCouponBatches() {
  return useQuery({
    queryKey: BATCHES_KEY,
    queryFn: () => consoleRequest<CouponBatch[]>('GET', '/coupon-batches'),
  });
}

export function useStartCouponBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBatchStart) => consoleRequest<CouponBatch>('POST', '/coupon-batches', { body }),
    onSuccess: (batch) => {
      queryClient.setQueryData([...BATCHES_KEY, batch.id], batch);
      return queryClient.invalidateQueries({ queryKey: BATCHES_KEY, exact: true });
    },
  });
}

/** One batch's progress, read again every BATCH_POLL_MS while it runs; the list is read again when it is done. */
export function useCouponBatch(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...BATCHES_KEY, id],
    enabled: id !== null,
    queryFn: async () => {
      const batch = await consoleRequest<CouponBatch>('GET', `/coupon-batches/${id}`);
      if (batch.state === 'done') await queryClient.invalidateQueries({ queryKey: BATCHES_KEY, exact: true });
      return batch;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? BATCH_POLL_MS : false),
  });
}

export function useCoinAdjustments(query: CoinAdjustmentQuery & { page: number }) {
  return useQuery({
    queryKey: [...COIN_ADJUSTMENTS_KEY, query],
    queryFn: () => consoleRequest<Paged<CoinAdjustment>>('GET', '/coin-adjustments', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useAdjustCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoinAdjustBody) => consoleRequest<CoinAdjustReply>('POST', '/coin-adjustments', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COIN_ADJUSTMENTS_KEY }),
  });
}
