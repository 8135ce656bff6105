import type { SliderVerdict, SliderVerifyBody } from '@anxin/shared/auth/slider-track.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `x` is how far the piece was dragged (CSS px), `track` the drag as recorded from pointer down to release. The
 * verdict is the server's; a 400 means the piece missed (or the drag was not a hand's) and a new challenge is needed.
 */
export function verifySlider(input: SliderVerifyBody): Promise<SliderVerdict> {
  return apiRequest<SliderVerdict>('POST', '/v2/captcha/slider/verifications', { body: input });
}
