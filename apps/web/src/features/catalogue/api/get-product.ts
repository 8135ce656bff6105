import type { ProductDetail } from '@anxin/shared/catalogue/catalogue.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { productPath } from './product-path.ts';

export function getProduct(productCode: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiRequest<ProductDetail>('GET', productPath(productCode), { signal });
}

export function productQueryOptions(productCode: string) {
  return queryOptions({
    queryKey: ['catalogue', 'product', productCode],
    queryFn: ({ signal }) => getProduct(productCode, signal),
  });
}

export function useProduct(productCode: string) {
  return useQuery(productQueryOptions(productCode));
}
