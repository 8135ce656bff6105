import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { guestPayReplySchema } from '@anxin/shared/guest-pay/guest-pay.contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type GuestPayReply = z.infer<typeof guestPayReplySchema>;

/**
 * `POST /v2/guest-pay/{key}/pay {paySource}`: the same payment as pay now (paymentType 99) for the link's order;
 * answers the cashier to open. After the countdown's end the server refuses it (409 订单超时，无法提交).
 */
export function payGuestOrder(key: string, paySource: string): Promise<GuestPayReply> {
  return apiRequest<GuestPayReply>('POST', guestPayPath(GUEST_PAY_PATHS.pay, { key }), { body: { paySource } });
}

export function usePayGuestOrder(key: string) {
  return useMutation({ mutationFn: (paySource: string) => payGuestOrder(key, paySource) });
}
