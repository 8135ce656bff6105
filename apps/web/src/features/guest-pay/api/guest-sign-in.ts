import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestRegisterBody, GuestSignInBody, GuestSmsCodeBody } from '@anxin/shared/guest-pay/guest-pay.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type LoginResult, saveLoginResult } from '../../../lib/token-store.ts';

/**
 * `POST /v2/guest-pay/{key}/register {phone}`: an unregistered phone ('0') gets its account and is signed in.
 * The tokens are stored as every sign-in stores them (expiry = now + expires_in − 60 s).
 */
export async function registerByLink(key: string, body: GuestRegisterBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>('POST', guestPayPath(GUEST_PAY_PATHS.register, { key }), { body });
  saveLoginResult(result);
  return result;
}

/** `POST /v2/guest-pay/{key}/sms-code {phone, purpose}`: a code to the link's phone (login or resetPassword). */
export function sendLinkSmsCode(key: string, body: GuestSmsCodeBody): Promise<void> {
  return apiRequest<void>('POST', guestPayPath(GUEST_PAY_PATHS.smsCode, { key }), { body });
}

/** `POST /v2/guest-pay/{key}/sign-in {phone, smsCode}`: a registered phone ('1') signs in with the code. */
export async function signInByLink(key: string, body: GuestSignInBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>('POST', guestPayPath(GUEST_PAY_PATHS.signIn, { key }), { body });
  saveLoginResult(result);
  return result;
}

export function useRegisterByLink(key: string) {
  return useMutation({ mutationFn: (body: GuestRegisterBody) => registerByLink(key, body) });
}

export function useSendLinkSmsCode(key: string) {
  return useMutation({ mutationFn: (body: GuestSmsCodeBody) => sendLinkSmsCode(key, body) });
}

export function useSignInByLink(key: string) {
  return useMutation({ mutationFn: (body: GuestSignInBody) => signInByLink(key, body) });
}
