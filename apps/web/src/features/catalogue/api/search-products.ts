import type { ProductView } from '@anxin/shared/catalogue/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type Page<T> = { content: T[]; totalElements: number; totalPages: number; page: number; size: number };
export type ProductSearch = { keyword: string; page: number; size: number };

export function searchProducts(query: ProductSearch, signal?: AbortSignal): Promise<Page<ProductView>> {
  return apiRequest<Page<ProductView>>('GET', '/v2/products/search', { query, signal });
}

export function searchProductsQueryOptions(query: ProductSearch) {
  return queryOptions({
    queryKey: ['catalogue', 'search', query],
    queryFn: ({ signal }) => searchProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSearchProducts(query: ProductSearch) {
  return useQuery(searchProductsQueryOptions(query));
}
