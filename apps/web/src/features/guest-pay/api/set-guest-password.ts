import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestPasswordBody } from '@anxin/shared/guest-pay/guest-pay.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `PUT /v2/guest-pay/{key}/password`: the new password, its confirmation, the link's phone and its SMS code. */
export function setGuestPassword(key: string, body: GuestPasswordBody): Promise<void> {
  return apiRequest<void>('PUT', guestPayPath(GUEST_PAY_PATHS.password, { key }), { body });
}

export function useSetGuestPassword(key: string) {
  return useMutation({ mutationFn: (body: GuestPasswordBody) => setGuestPassword(key, body) });
}
