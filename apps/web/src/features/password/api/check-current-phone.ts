import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v2/member/account/current: is this the signed-in account's phone? */
export async function isCurrentPhone(phoneNum: string): Promise<boolean> {
  const reply = await apiRequest<{ isCurrent: '0' | '1' }>('POST', '/v2/member/account/current', {
    body: { phoneNum },
  });
  return reply.isCurrent === '1';
}
