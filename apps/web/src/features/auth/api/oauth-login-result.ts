import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

/** Trades the callback's one-time code for the login result (tokens never travel in a URL). */
export function redeemOAuthLoginCode(code: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('GET', '/passport/oauth2/result', { query: { code } });
}

export function useRedeemOAuthLoginCode() {
  return useMutation({ mutationFn: redeemOAuthLoginCode });
}
