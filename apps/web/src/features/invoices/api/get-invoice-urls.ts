import type { InvoiceUrls } from '@anxin/shared/invoices/invoice.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Fresh signed links to the PDF (10 minutes): asked for at each click, never cached. */
export function getInvoiceUrls(ordersCode: string): Promise<InvoiceUrls> {
  return apiRequest<InvoiceUrls>('GET', `/v2/invoices/${encodeURIComponent(ordersCode)}/urls`);
}

export function useInvoiceUrls() {
  return useMutation({ mutationFn: getInvoiceUrls });
}
