import type { AfterSaleQuote, AfterSaleQuoteBody } from '@anxin/shared/aftersale/aftersale.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { AFTERSALE_QUERY_KEY } from './aftersale-keys.ts';

/** `POST /v2/aftersale/quote`: what these lines would bring back (money, coins, freight), computed by the server. */
export function quoteAfterSale(body: AfterSaleQuoteBody, signal?: AbortSignal): Promise<AfterSaleQuote> {
  return apiRequest<AfterSaleQuote>('POST', '/v2/aftersale/quote', { body, signal });
}

/** The quote of the current choice, asked again on each change; none while nothing is chosen. */
export function useAfterSaleQuote(body: AfterSaleQuoteBody | null) {
  return useQuery({
    queryKey: [...AFTERSALE_QUERY_KEY, 'quote', body],
    queryFn: ({ signal }) => quoteAfterSale(body as AfterSaleQuoteBody, signal),
    enabled: () => body !== null && isMemberQueryEnabled(),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
