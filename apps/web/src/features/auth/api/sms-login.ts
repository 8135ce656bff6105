import type { SmsLoginBody } from '@anxin/shared/account/account.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

export function smsLogin(body: SmsLoginBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/passport/account/smsLogin/v2', { body });
}

export function useSmsLogin() {
  return useMutation({ mutationFn: smsLogin });
}
