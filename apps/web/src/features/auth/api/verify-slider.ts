import { apiRequest } from '../../../lib/api-client.ts';

/** `x` is how far the piece was dragged (CSS px), `durationMs` how long the drag took. */
export type VerifySliderInput = { challengeId: string; x: number; durationMs: number };
export type SliderVerdict = { validCode: string };

/** The verdict is the server's; a 400 means the piece missed and a new challenge is needed. */
export function verifySlider(input: VerifySliderInput): Promise<SliderVerdict> {
  return apiRequest<SliderVerdict>('POST', '/v2/captcha/slider/verifications', { body: input });
}
