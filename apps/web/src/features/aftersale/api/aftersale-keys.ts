import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** Every after-sales query of the member shares this prefix, so an act refreshes the lists and the detail. */
export const AFTERSALE_QUERY_KEY = [MEMBER_QUERY_KEY, 'aftersale'] as const;

/** The order lists and details (features/orders' key): a request changes what an order offers. */
export const ORDERS_KEY = [MEMBER_QUERY_KEY, 'orders'] as const;

export const afterSalePath = (code: string) => `/v2/aftersale/${encodeURIComponent(code)}`;
