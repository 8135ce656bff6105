import type { ProfileBody, UserInfo } from '@anxin/shared/profile/profile.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberVoQueryOptions } from './get-member-vo.ts';

/** Saves the profile form (sex, birthday, nickName, avatar: an upload's url). Answers the new user info. */
export function updateMemberVo(body: ProfileBody): Promise<UserInfo> {
  return apiRequest<UserInfo>('PUT', '/v2/member/vo', { body });
}

/** The header greeting and the member home read the user info: they show the new nickname and avatar at once. */
export function useUpdateMemberVo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberVo,
    onSuccess: async (userInfo) => {
      const { queryKey } = memberVoQueryOptions();
      queryClient.setQueryData(queryKey, userInfo);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
