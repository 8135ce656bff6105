import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Page } from './search-products.ts';

/** A review as the product page shows it: an anonymous reviewer's name comes masked (安***6). */
export type ProductReview = {
  id: number;
  score: number;
  content: string;
  labels: string[];
  images: string[];
  isAnonymity: boolean;
  createdAt: string;
  nickname: string;
};

export type ProductReviewsQuery = { productCode: string; page: number; size: number };

export function getProductReviews(query: ProductReviewsQuery, signal?: AbortSignal): Promise<Page<ProductReview>> {
  const { productCode, page, size } = query;
  return apiRequest<Page<ProductReview>>('GET', `/v2/products/${encodeURIComponent(productCode)}/reviews`, {
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
