import type { LoginKey, PasswordLoginBody } from '@anxin/shared/auth/password-login.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { encryptRsaOaep } from '../../../lib/rsa-oaep.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

export type PasswordLoginInput = {
  loginName: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
};

/** GET /passport/account/login/key: a one-time RSA key (5 minutes, single use). */
export function getLoginKey(): Promise<LoginKey> {
  return apiRequest<LoginKey>('GET', '/passport/account/login/key');
}

/**
 * The password login: a fresh one-time key for every attempt, loginName and password encrypted with
 * it in the browser, then POST /passport/account/login/v3.
 */
export async function passwordLogin(input: PasswordLoginInput): Promise<LoginResult> {
  const { key, nonceStr } = await getLoginKey();
  const [loginName, password] = await encryptRsaOaep(nonceStr, [input.loginName, input.password]);
  const body: PasswordLoginBody = {
    platform: 1,
    loginName,
    password,
    key,
    captchaId: input.captchaId,
    captchaCode: input.captchaCode,
  };
  // The server takes the documents' form encoding and JSON alike; the API client speaks JSON.
  return apiRequest<LoginResult>('POST', '/passport/account/login/v3', { body });
}

export function usePasswordLogin() {
  return useMutation({ mutationFn: passwordLogin });
}
