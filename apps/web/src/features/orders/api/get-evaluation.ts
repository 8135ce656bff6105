import type { EvaluationForm, WrittenReview } from '@anxin/shared/orders/order.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY } from './get-orders.ts';

/** `GET /v3/orders/{id}/evaluate`: the shared contract's types. */
export type { EvaluationForm, WrittenReview };

export function getEvaluation(ordersCode: string, signal?: AbortSignal): Promise<EvaluationForm> {
  return apiRequest<EvaluationForm>('GET', `/v3/orders/${encodeURIComponent(ordersCode)}/evaluate`, {
    signal,
    headers: ORDER_HEADERS,
  });
}

export function evaluationQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'evaluate', ordersCode],
    queryFn: ({ signal }) => getEvaluation(ordersCode, signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useEvaluation(ordersCode: string) {
  return useQuery(evaluationQueryOptions(ordersCode));
}
