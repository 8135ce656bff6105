import { CLOSE_ORIGIN_HEADER, CLOSE_ORIGIN_PC_MALL } from '@anxin/shared/account/account.constants';
import type { CloseApplyBody, CloseApplyReply, CloseWithdrawBody } from '@anxin/shared/account/account-safety.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

/** POST closeapply with the fixed close-origin of the PC mall. */
export function applyForClosure(body: CloseApplyBody): Promise<CloseApplyReply> {
  return apiRequest('POST', '/v2/member/account/closeapply', {
    body,
    headers: { [CLOSE_ORIGIN_HEADER]: CLOSE_ORIGIN_PC_MALL },
  });
}

export function useApplyForClosure() {
  return useMutation({ mutationFn: applyForClosure });
}

/** Withdraws the application with the SMS code the refused sign-in used; answers the login result. */
export function withdrawClosure(body: CloseWithdrawBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/v2/member/account/closeapply/withdraw', { body });
}

export function useWithdrawClosure() {
  return useMutation({ mutationFn: withdrawClosure });
}
