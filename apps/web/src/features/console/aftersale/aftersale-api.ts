import {
  type AfterSaleStatus,
  CONSOLE_AFTERSALE_PAGE_SIZE,
  type ConsoleAfterSaleDetail,
  type ConsoleAfterSalePage,
} from '@anxin/shared/aftersale/aftersale.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../api/console-request.ts';

// The calls of the console's after-sales pages (docs/AFTERSALE.md): the queue, one request, the decisions.

const AFTERSALES_KEY = [CONSOLE_QUERY_KEY, 'aftersales'] as const;
const detailKey = (code: string) => [...AFTERSALES_KEY, 'detail', code] as const;
const requestPath = (code: string) => `/aftersales/${encodeURIComponent(code)}`;

/** Oldest first; without a status the open ones (审核中, 待寄回, 退款中). */
export function useConsoleAfterSales(query: { status?: AfterSaleStatus; page: number }) {
  return useQuery({
    queryKey: [...AFTERSALES_KEY, 'list', query],
    queryFn: () =>
      consoleRequest<ConsoleAfterSalePage>('GET', '/aftersales', {
        query: { ...query, size: CONSOLE_AFTERSALE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleAfterSale(code: string) {
  return useQuery({
    queryKey: detailKey(code),
    queryFn: () => consoleRequest<ConsoleAfterSaleDetail>('GET', requestPath(code)),
    // 退款中 turns 退款成功 when the payment gateway answers, a moment after the decision.
    refetchInterval: (query) => (query.state.data?.status === 'refunding' ? 2000 : false),
  });
}

export type AfterSaleDecision =
  | { act: 'approve'; returnAddress?: string }
  | { act: 'reject'; reason: string }
  | { act: 'confirmReturn' }
  | { act: 'refundAgain' };

const ACT_PATH = {
  approve: 'approve',
  reject: 'reject',
  confirmReturn: 'confirm-return',
  refundAgain: 'refund-again',
} as const;

/** 同意, 驳回, 确认收货 or 重新退款: answered as the request now is; the queue is asked for again. */
export function useAfterSaleDecision(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ act, ...body }: AfterSaleDecision) =>
      consoleRequest<ConsoleAfterSaleDetail>('POST', `${requestPath(code)}/${ACT_PATH[act]}`, { body }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(detailKey(code), detail);
      await queryClient.invalidateQueries({
        queryKey: AFTERSALES_KEY,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}
