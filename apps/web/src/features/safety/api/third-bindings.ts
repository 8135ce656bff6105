import type {
  ThirdBinding,
  ThirdBindPreview,
  ThirdBindResult,
  ThirdBindStartReply,
  ThirdType,
} from '@anxin/shared/account/third-party';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export const THIRD_BINDINGS_KEY = [MEMBER_QUERY_KEY, 'thirdBinder'] as const;

export function getThirdBindings(signal?: AbortSignal): Promise<ThirdBinding[]> {
  return apiRequest<ThirdBinding[]>('GET', '/v2/member/account/thirdBinder', { signal });
}

export function useThirdBindings() {
  return useQuery(queryOptions({ queryKey: THIRD_BINDINGS_KEY, queryFn: ({ signal }) => getThirdBindings(signal) }));
}

/**
 * Starts binding from the safety page: the server ties the round trip to the signed-in member and to this
 * browser (an HttpOnly cookie on this reply) and answers the provider's page to go to.
 */
export async function startThirdBinding(type: ThirdType): Promise<string> {
  const reply = await apiRequest<ThirdBindStartReply>('POST', '/v2/member/account/thirdBinder/authorizations', {
    body: { type },
  });
  return reply.url;
}

export type ThirdBindBody = { loginName: string; loginType: number };
export type { ThirdBindPreview };

/** The account the callback's ticket would bind (checked by the server, nothing bound): the member confirms it. */
export function previewThirdBinding(body: ThirdBindBody): Promise<ThirdBindPreview> {
  return apiRequest<ThirdBindPreview>('POST', '/v2/member/account/binder/preview', { body });
}

/** PUT binder: loginName carries the callback's signed ticket, loginType = third type + 1. */
export function bindThirdParty(body: ThirdBindBody) {
  return apiRequest<ThirdBindResult>('PUT', '/v2/member/account/binder', { body });
}

export function unbindThirdParty(type: ThirdType): Promise<void> {
  return apiRequest<void>('DELETE', '/v2/member/account/thirdBinder', { query: { type } });
}

/**
 * Reloads the bindings after a bind. The safety page binds as it opens (the OAuth callback lands there), so the
 * page's first load of the bindings may still be on its way, read before the bind: invalidating alone would
 * wait for that load and keep its answer, so it is cancelled first.
 */
export async function reloadThirdBindings(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: THIRD_BINDINGS_KEY });
  await queryClient.invalidateQueries({ queryKey: THIRD_BINDINGS_KEY });
}

export function useBindThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindThirdParty,
    onSettled: () => reloadThirdBindings(queryClient),
  });
}

export function useUnbindThirdParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindThirdParty,
    onSettled: () => queryClient.invalidateQueries({ queryKey: THIRD_BINDINGS_KEY }),
  });
}
