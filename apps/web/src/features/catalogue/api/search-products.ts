import type { ProductPage } from '@anxin/shared/catalogue/catalogue.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ProductSearch = { keyword: string; page: number; size: number };

export function searchProducts(query: ProductSearch, signal?: AbortSignal): Promise<ProductPage> {
  return apiRequest<ProductPage>('GET', '/v2/products/search', { query, signal });
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
