import type { PhoneBinderBody, PhoneBinderReply } from '@anxin/shared/account/account-safety.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * PUT /v2/member/account/phoneBinder. With a ticket or a login name it binds the phone to that account
 * (type 1: links it to the phone's existing account) and answers a login result; signed in without either it
 * changes the member's phone and answers the masked new phone.
 */
export function bindPhone(body: PhoneBinderBody): Promise<PhoneBinderReply> {
  return apiRequest('PUT', '/v2/member/account/phoneBinder', { body });
}

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY] }),
  });
}
