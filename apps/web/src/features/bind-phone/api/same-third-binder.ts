import type { SameThirdBinderBody, SameThirdBinderReply } from '@anxin/shared/account/account-safety.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/** Has the phone's account an account of this kind already? Then the two cannot be merged. */
export async function hasSameThirdBinder(body: Omit<SameThirdBinderBody, 'platform'>): Promise<boolean> {
  const reply = await apiRequest<SameThirdBinderReply>('POST', '/v2/member/account/validate/sameThirdBinder', {
    body: { ...body, platform: 'PC' },
  });
  return reply.isSameThirdBinder === '1';
}
