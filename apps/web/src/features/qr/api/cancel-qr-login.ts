import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /passport/account/qrCode/cancel: 取消 (the code becomes invalid). */
export function cancelQrLogin(uuid: string): Promise<void> {
  return apiRequest<void>('POST', '/passport/account/qrCode/cancel', { body: { uuid } });
}

export function useCancelQrLogin() {
  return useMutation({ mutationFn: cancelQrLogin });
}
