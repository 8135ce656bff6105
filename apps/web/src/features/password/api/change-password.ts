import type { ChangePasswordBody } from '@anxin/shared/auth/password.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /v2/member/account/pwd: with the current password; every other sign-in of the member ends. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest<void>('PUT', '/v2/member/account/pwd', { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
