import type { PrescriptionLookup } from '@anxin/shared/inquiry/inquiry.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDERS_QUERY_KEY } from './get-orders.ts';

/**
 * `GET /v5/orders/prescriptionSign/findByOrdersCodes?ordersCodes=a,b`: one entry
 * per order whose inquiry was submitted, with the pharmacist's review (reviewing, passed, rejected).
 */
export function getPrescriptionLookup(ordersCodes: string[], signal?: AbortSignal): Promise<PrescriptionLookup[]> {
  return apiRequest<PrescriptionLookup[]>('GET', '/v5/orders/prescriptionSign/findByOrdersCodes', {
    query: { ordersCodes: ordersCodes.join(',') },
    signal,
  });
}

export function prescriptionLookupQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'prescription-lookup', ordersCode],
    queryFn: ({ signal }) => getPrescriptionLookup([ordersCode], signal),
    select: (list) => list.find((item) => item.ordersCode === ordersCode) ?? null,
    staleTime: 0,
  });
}

/** The review of one order's prescription (null: no inquiry submitted yet). */
export function usePrescriptionLookup(ordersCode: string, isEnabled: boolean) {
  return useQuery({ ...prescriptionLookupQueryOptions(ordersCode), enabled: isEnabled && isMemberQueryEnabled() });
}
