import type { QrScan } from '@anxin/shared/auth/qr-login';
import { apiRequest } from '../../../lib/api-client.ts';

export type { QrScan };

/** POST /passport/account/qrCode/scan: the code is opened on this phone (0 → 1); who is asking to sign in. */
export function scanQrCode(uuid: string): Promise<QrScan> {
  return apiRequest<QrScan>('POST', '/passport/account/qrCode/scan', { body: { uuid } });
}
