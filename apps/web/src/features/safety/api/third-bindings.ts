import type { ThirdType } from '@anxin/shared/account/third-party';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type ThirdBinding = {
  type: ThirdType;
  name: string;
  isBind: boolean;
  nickname: string | null;
  boundAt: string | null;
};

const THIRD_BINDINGS_KEY = [MEMBER_QUERY_KEY, 'thirdBinder'] as const;

export function getThirdBindings(signal?: AbortSignal): Promise<ThirdBinding[]> {
  return apiRequest<ThirdBinding[]>('GET', '/v2/member/account/thirdBinder', { signal });
}

export function useThirdBindings() {
  return useQuery(queryOptions({ queryKey: THIRD_BINDINGS_KEY, queryFn: ({ signal }) => getThirdBindings(signal) }));
}

/** PUT binder: loginName carries the callback's signed ticket, loginType = third type + 1. */
export function bindThirdParty(body: { loginName: string; loginType: number }) {
  return apiRequest<{ type: ThirdType; name: string; message: string }>('PUT', '/v2/member/account/binder', { body });
}

export function unbindThirdParty(type: ThirdType): Promise<void> {
  return apiRequest<void>('DELETE', '/v2/member/account/thirdBinder', { query: { type } });
}

export function useBindThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindThirdParty,
    onSettled: () => queryClient.invalidateQueries({ queryKey: THIRD_BINDINGS_KEY }),
  });
}

export function useUnbindThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindThirdParty,
    onSettled: () => queryClient.invalidateQueries({ queryKey: THIRD_BINDINGS_KEY }),
  });
}
