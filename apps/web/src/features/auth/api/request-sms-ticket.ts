import type { SmsPurpose, SmsTicket } from '@anxin/shared/account/account.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/** `purpose` ties the code to its use on the server: a login code never registers. */
export type { SmsPurpose };

export type SmsTicketInput = { phoneNum: string; purpose: SmsPurpose };

/** Step 1 of sending an SMS code: a ticket, and whether the slide captcha must be passed first. */
export function requestSmsTicket(input: SmsTicketInput): Promise<SmsTicket> {
  return apiRequest<SmsTicket>('POST', '/v2/captcha/sms/tickets', { body: input });
}
