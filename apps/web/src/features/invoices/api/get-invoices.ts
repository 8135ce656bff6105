import type { InvoicePage } from '@anxin/shared/invoices/invoice.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type InvoicesQuery = { page: number; size: number };

export const INVOICES_QUERY_KEY = [MEMBER_QUERY_KEY, 'invoices'] as const;

export function getInvoices(query: InvoicesQuery, signal?: AbortSignal): Promise<InvoicePage> {
  return apiRequest<InvoicePage>('GET', '/v2/invoices', { query, signal });
}

export function invoicesQueryOptions(query: InvoicesQuery) {
  return queryOptions({
    queryKey: [...INVOICES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getInvoices(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(query: InvoicesQuery) {
  return useQuery(invoicesQueryOptions(query));
}
