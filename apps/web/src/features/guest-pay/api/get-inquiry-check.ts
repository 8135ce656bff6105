import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestInquiryCheck } from '@anxin/shared/guest-pay/guest-pay.contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /v2/guest-pay/{key}/inquiry`: after signing in, whether the inquiry comes first (`next`). */
export function getInquiryCheck(key: string): Promise<GuestInquiryCheck> {
  return apiRequest<GuestInquiryCheck>('GET', guestPayPath(GUEST_PAY_PATHS.inquiryCheck, { key }));
}
