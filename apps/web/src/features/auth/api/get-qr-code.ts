import type { QrCode } from '@anxin/shared/auth/qr-login';
import { apiRequest, buildApiUrl } from '../../../lib/api-client.ts';

export type { QrCode };

/** GET /passport/account/qrCode: a new code; the browser's secret comes back as an HttpOnly cookie. */
export function getQrCode(): Promise<QrCode> {
  return apiRequest<QrCode>('GET', '/passport/account/qrCode');
}

/** The code's QR image (SVG), served only to this browser. */
export function qrImageUrl(uuid: string): string {
  return buildApiUrl('/passport/account/qrCode/image', { uuid });
}
