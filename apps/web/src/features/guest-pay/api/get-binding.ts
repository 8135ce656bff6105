import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestBinding } from '@anxin/shared/guest-pay/guest-pay.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every query of the guest flow starts with this key (it is not a member query: the link's key opens it). */
export const GUEST_PAY_QUERY_KEY = ['guest-pay'] as const;

/** `GET /v2/guest-pay/{key}/binding`: the bind check (isRegisted, the masked phone, tries left, the lock). */
export function getBinding(key: string, signal?: AbortSignal): Promise<GuestBinding> {
  return apiRequest<GuestBinding>('GET', guestPayPath(GUEST_PAY_PATHS.binding, { key }), { signal });
}

export function bindingQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...GUEST_PAY_QUERY_KEY, 'binding', key],
    queryFn: ({ signal }) => getBinding(key, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useBinding(key: string) {
  return useQuery({ ...bindingQueryOptions(key), enabled: key !== '' });
}
