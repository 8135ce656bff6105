import type { RegisterBody } from '@anxin/shared/account/account.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

/** Registration answers the login result: the new member is signed in at once. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/v2/member/account/register', { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
