import type { ElderlyModeBody, UserInfo } from '@anxin/shared/profile/profile.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberVoQueryOptions } from '../../profile/index.ts';

/** Keeps 长辈模式 on the member's account; answers the user info. */
export function setElderlyModeOnAccount(body: ElderlyModeBody): Promise<UserInfo> {
  return apiRequest<UserInfo>('PUT', '/v2/member/elderly-mode', { body });
}

/** The user info the reply carries replaces the cached one, so the account and this browser agree. */
export function useSetElderlyModeOnAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setElderlyModeOnAccount,
    onSuccess: (userInfo) => queryClient.setQueryData(memberVoQueryOptions().queryKey, userInfo),
  });
}
