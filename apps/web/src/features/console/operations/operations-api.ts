import type { Paged } from '@anxin/shared/common/page';
import type {
  ConsoleMallConfig,
  ConsoleMerchantApplication,
  ConsoleMerchantApplicationDetail,
  ConsoleReservation,
  ConsoleReservationQuery,
  MallConfigChanges,
  MerchantApplicationQuery,
  RestockReply,
  StockItem,
  StockQuery,
} from '@anxin/shared/staff/console-operations.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../api/console-request.ts';

// The calls of the console's operations pages (docs/CONSOLE.md, 营销): the mall configuration, the open-store
// applications, the stock and the reservations.

const MALL_CONFIG_KEY = [CONSOLE_QUERY_KEY, 'mall-config'] as const;
const MERCHANTS_KEY = [CONSOLE_QUERY_KEY, 'merchant-applications'] as const;
const STOCK_KEY = [CONSOLE_QUERY_KEY, 'stock'] as const;
const RESERVATIONS_KEY = [CONSOLE_QUERY_KEY, 'reservations'] as const;

export function useMallConfigForm() {
  return useQuery({
    queryKey: MALL_CONFIG_KEY,
    queryFn: () => consoleRequest<ConsoleMallConfig>('GET', '/mall-config'),
  });
}

/** PUT /admin/mall-config: the keys that change (null: back to the default); the reply is the form's new view. */
export function useSaveMallConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: MallConfigChanges) =>
      consoleRequest<ConsoleMallConfig>('PUT', '/mall-config', { body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(MALL_CONFIG_KEY, saved),
  });
}

export function useMerchantApplications(query: MerchantApplicationQuery & { page: number }) {
  return useQuery({
    queryKey: [...MERCHANTS_KEY, query],
    queryFn: () => consoleRequest<Paged<ConsoleMerchantApplication>>('GET', '/merchant-applications', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useMerchantApplication(id: number) {
  return useQuery({
    queryKey: [...MERCHANTS_KEY, 'detail', id],
    queryFn: () => consoleRequest<ConsoleMerchantApplicationDetail>('GET', `/merchant-applications/${id}`),
  });
}

export type MerchantVerdict = { approve: true } | { approve: false; reason: string };

/** Approve or reject; the reply is the application as it now is, and the lists are asked for again. */
export function useMerchantVerdict(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verdict: MerchantVerdict) =>
      consoleRequest<ConsoleMerchantApplicationDetail>(
        'POST',
        `/merchant-applications/${id}/${verdict.approve ? 'approve' : 'reject'}`,
        { body: verdict.approve ? {} : { reason: verdict.reason } },
      ),
    onSuccess: async (application) => {
      queryClient.setQueryData([...MERCHANTS_KEY, 'detail', id], application);
      await queryClient.invalidateQueries({
        queryKey: MERCHANTS_KEY,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}

export function useStock(query: StockQuery & { page: number }) {
  return useQuery({
    queryKey: [...STOCK_KEY, query],
    queryFn: () => consoleRequest<Paged<StockItem>>('GET', '/stock', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Restock (the reply counts the SMS sent) or stock-out; the stock and reservation lists are asked for again. */
export function useStockActs() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    await queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY });
  };
  const path = (productCode: string, act: string) => `/stock/${encodeURIComponent(productCode)}/${act}`;
  return {
    restock: useMutation({
      mutationFn: (productCode: string) =>
        consoleRequest<RestockReply>('POST', path(productCode, 'restock'), { body: {} }),
      onSuccess: refresh,
    }),
    stockout: useMutation({
      mutationFn: (productCode: string) =>
        consoleRequest<StockItem>('POST', path(productCode, 'stockout'), { body: {} }),
      onSuccess: refresh,
    }),
  };
}

export function useConsoleReservations(query: ConsoleReservationQuery & { page: number }) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, query],
    queryFn: () => consoleRequest<Paged<ConsoleReservation>>('GET', '/reservations', { query }),
    placeholderData: keepPreviousData,
  });
}
