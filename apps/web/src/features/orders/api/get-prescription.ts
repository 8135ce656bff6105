import type { Prescription } from '@anxin/shared/inquiry/inquiry.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDERS_QUERY_KEY } from './get-orders.ts';

/** `GET /v2/orders/{ordersCode}/prescription`: the prescription once a pharmacist passed it (404 before). */
export function getPrescription(ordersCode: string, signal?: AbortSignal): Promise<Prescription> {
  return apiRequest<Prescription>('GET', `/v2/orders/${encodeURIComponent(ordersCode)}/prescription`, { signal });
}

export function prescriptionQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'prescription', ordersCode],
    queryFn: ({ signal }) => getPrescription(ordersCode, signal),
  });
}

export function usePrescription(ordersCode: string) {
  return useQuery({ ...prescriptionQueryOptions(ordersCode), enabled: isMemberQueryEnabled() });
}
