import type { InvoiceDetail } from '@anxin/shared/invoices/invoice.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { INVOICES_QUERY_KEY } from './get-invoices.ts';

export function getInvoice(ordersCode: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiRequest<InvoiceDetail>('GET', `/v2/invoices/${encodeURIComponent(ordersCode)}`, { signal });
}

export function invoiceQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...INVOICES_QUERY_KEY, 'detail', ordersCode],
    queryFn: ({ signal }) => getInvoice(ordersCode, signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useInvoice(ordersCode: string) {
  return useQuery(invoiceQueryOptions(ordersCode));
}
