import { GUEST_PAY_PATHS } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestPhoneConfirmed, GuestUpdatePhoneBody } from '@anxin/shared/guest-pay/guest-pay.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /v4/orders/updatePhone {phone, token}`: the server checks the 4 typed digits (each wrong try counts). */
export function confirmPhone(body: GuestUpdatePhoneBody): Promise<GuestPhoneConfirmed> {
  return apiRequest<GuestPhoneConfirmed>('POST', GUEST_PAY_PATHS.updatePhone, { body });
}

export function useConfirmPhone() {
  return useMutation({ mutationFn: confirmPhone });
}
