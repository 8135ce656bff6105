import type { ThirdPartyRegistryBody } from '@anxin/shared/account/account-safety.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

/** A new account for the third-party account of the ticket, with this phone. */
export function registerThirdParty(body: ThirdPartyRegistryBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('PUT', '/v2/member/account/thirdPartyRegistry', { body });
}

export function useRegisterThirdParty() {
  return useMutation({ mutationFn: registerThirdParty });
}
