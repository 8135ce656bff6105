import type { ResetPasswordType } from '@anxin/shared/auth/password.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

export type ResetPasswordInput = {
  userName: string;
  password: string;
  validCode: string;
  type: ResetPasswordType;
  loginName?: string;
};

/**
 * POST /v2/member/account/reset/pwd with an SMS code. Type update answers a login result (the member is
 * signed in); forget and edit answer nothing.
 */
export function resetPassword(input: ResetPasswordInput): Promise<LoginResult | undefined> {
  return apiRequest<LoginResult | undefined>('POST', '/v2/member/account/reset/pwd', { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
