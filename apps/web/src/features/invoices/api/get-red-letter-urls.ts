import type { InvoiceUrls } from '@anxin/shared/invoices/invoice.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type RedLetterRef = { ordersCode: string; invoiceNumber: string };

/** Fresh signed links to a red-letter (红字) invoice's PDF (10 minutes): asked for at each click, never cached. */
export function getRedLetterUrls({ ordersCode, invoiceNumber }: RedLetterRef): Promise<InvoiceUrls> {
  return apiRequest<InvoiceUrls>(
    'GET',
    `/v2/invoices/${encodeURIComponent(ordersCode)}/red-letters/${encodeURIComponent(invoiceNumber)}/urls`,
  );
}

export function useRedLetterUrls() {
  return useMutation({ mutationFn: getRedLetterUrls });
}
