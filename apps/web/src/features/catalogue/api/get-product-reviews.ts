import type { ProductReviewPage } from '@anxin/shared/catalogue/catalogue.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ProductReviewsQuery = { productCode: string; page: number; size: number };

export function getProductReviews(query: ProductReviewsQuery, signal?: AbortSignal): Promise<ProductReviewPage> {
  const { productCode, page, size } = query;
  return apiRequest<ProductReviewPage>('GET', `/v2/products/${encodeURIComponent(productCode)}/reviews`, {
    query: { page, size },
    signal,
  });
}

export function productReviewsQueryOptions(query: ProductReviewsQuery) {
  return queryOptions({
    queryKey: ['catalogue', 'reviews', query],
    queryFn: ({ signal }) => getProductReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProductReviews(query: ProductReviewsQuery) {
  return useQuery(productReviewsQueryOptions(query));
}
