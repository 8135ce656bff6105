import type { InvoiceEmailBody } from '@anxin/shared/invoices/invoice.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function emailInvoice(ordersCode: string, body: InvoiceEmailBody): Promise<{ sentTo: string[] }> {
  return apiRequest('POST', `/v2/invoices/${encodeURIComponent(ordersCode)}/email`, { body });
}

export function useEmailInvoice(ordersCode: string) {
  return useMutation({ mutationFn: (body: InvoiceEmailBody) => emailInvoice(ordersCode, body) });
}
