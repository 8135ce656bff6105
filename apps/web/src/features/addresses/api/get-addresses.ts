import type { DeliveryAddress } from '@anxin/shared/addresses/address.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** The same key as the settlement's address choice, so a change here refreshes both. */
export const ADDRESSES_QUERY_KEY = [MEMBER_QUERY_KEY, 'deliveryAddresses'] as const;

/** The address book: a plain array, the default first, then the newest; phones masked. */
export function getAddresses(signal?: AbortSignal): Promise<DeliveryAddress[]> {
  return apiRequest<DeliveryAddress[]>('GET', '/v2/deliveryAddresses', { signal });
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: ADDRESSES_QUERY_KEY, queryFn: ({ signal }) => getAddresses(signal), staleTime: 0 });
}

export function useAddresses() {
  return useQuery({ ...addressesQueryOptions(), enabled: isMemberQueryEnabled() });
}
