import type { SandboxConsentReply, SandboxIdentity } from '@anxin/shared/account/sandbox-oauth.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// The sandbox provider's own calls (outside production): its test identities and the consent decision.

export type ConsentRequest = {
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge?: string;
  code_challenge_method?: 'S256';
};

const identitiesKey = (provider: string) => ['sandbox-oauth', provider, 'identities'] as const;

export function useSandboxIdentities(provider: string) {
  return useQuery(
    queryOptions({
      queryKey: identitiesKey(provider),
      queryFn: ({ signal }) =>
        apiRequest<SandboxIdentity[]>('GET', `/sandbox/oauth/${encodeURIComponent(provider)}/identities`, { signal }),
    }),
  );
}

export function useCreateSandboxIdentity(provider: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) =>
      apiRequest<SandboxIdentity>('POST', `/sandbox/oauth/${encodeURIComponent(provider)}/identities`, {
        body: { nickname },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(provider) }),
  });
}

/** Approve (with an identity) or refuse; answers where the provider sends the browser back. */
export function decideConsent(
  provider: string,
  request: ConsentRequest,
  decision: { approve: boolean; identityId?: number },
) {
  return apiRequest<SandboxConsentReply>('POST', `/sandbox/oauth/${encodeURIComponent(provider)}/decisions`, {
    body: { ...request, ...decision },
  });
}
