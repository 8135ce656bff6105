import type { OrderType } from '@anxin/shared/orders/order-status';
import type { ReviewTag } from '@anxin/shared/orders/review.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY } from './get-orders.ts';

export type WrittenReview = {
  score: number;
  labels: string[];
  content: string;
  images: string[];
  isAnonymity: boolean;
  createdAt: string;
};

/** `GET /v3/orders/{id}/evaluate`: the products to review, the tag options and any review already written. */
export type EvaluationForm = {
  ordersCode: string;
  orderType: OrderType;
  orderStatusName: string;
  canEvaluate: boolean;
  tags: ReviewTag[];
  products: {
    productCode: string;
    productName: string;
    productImageUrl: string | null;
    packing: string | null;
    review: WrittenReview | null;
  }[];
};

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
