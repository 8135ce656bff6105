import type { QrStatus, QrStatusReply } from '@anxin/shared/auth/qr-login';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /passport/account/qrCode/status: 0 unscanned, 1 scanned, 2 confirmed, 3 invalid. */
export async function getQrStatus(uuid: string, signal?: AbortSignal): Promise<QrStatus> {
  const reply = await apiRequest<QrStatusReply>('GET', '/passport/account/qrCode/status', {
    query: { uuid },
    signal,
  });
  return reply.status;
}
