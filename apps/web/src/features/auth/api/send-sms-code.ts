import { apiRequest } from '../../../lib/api-client.ts';

/** `validCode` is the slide captcha's result; left out when the ticket needed no captcha. */
export type SendSmsCodeInput = { phoneNum: string; ticket: string; validCode?: string };

/** Step 3 of sending an SMS code: the server sends it (204). 400 = bad ticket/captcha, 429 = too often. */
export function sendSmsCode(input: SendSmsCodeInput): Promise<void> {
  return apiRequest<void>('POST', '/v2/captcha/sms/v3/captchas/new', { body: input });
}
