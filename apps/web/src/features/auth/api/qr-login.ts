import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/token-store.ts';

/** POST /passport/account/login/qrCode once the code is confirmed (status 2). */
export function qrLogin(uuid: string): Promise<LoginResult> {
  return apiRequest<LoginResult>('POST', '/passport/account/login/qrCode', { body: { uuid } });
}
