import type { CurrentPhoneReply } from '@anxin/shared/auth/password.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/member/account/current: is this the signed-in account's phone? */
export async function isCurrentPhone(phoneNum: string): Promise<boolean> {
  const reply = await apiRequest<CurrentPhoneReply>('POST', '/v2/member/account/current', {
    body: { phoneNum },
  });
  return reply.isCurrent === '1';
}
