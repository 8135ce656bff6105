import type { CallbackRequest, CallbackRequestBody } from '@anxin/shared/mall/callback.contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** 药师回电: the pharmacy calls the member's phone back, about an order when named (docs/MALL-CONFIG.md). */
export function requestCallback(body: CallbackRequestBody): Promise<CallbackRequest> {
  return apiRequest<CallbackRequest>('POST', '/v2/mall/callbacks', { body });
}
