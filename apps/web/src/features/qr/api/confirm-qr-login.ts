import type { QrStatusReply } from '@anxin/shared/auth/qr-login';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /passport/account/qrCode/confirm: 确认登录 (1 → 2). */
export function confirmQrLogin(uuid: string): Promise<QrStatusReply> {
  return apiRequest<QrStatusReply>('POST', '/passport/account/qrCode/confirm', { body: { uuid } });
}

export function useConfirmQrLogin() {
  return useMutation({ mutationFn: confirmQrLogin });
}
