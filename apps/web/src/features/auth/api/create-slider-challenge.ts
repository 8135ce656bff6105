import type { SliderChallenge } from '@anxin/shared/auth/slider-track.schemas';
import { apiRequest } from '../../../lib/api-client.ts';

export type { SliderChallenge };

export type SliderChallengeInput = { phoneNum: string; ticket: string };

export function createSliderChallenge(input: SliderChallengeInput, signal?: AbortSignal): Promise<SliderChallenge> {
  return apiRequest<SliderChallenge>('POST', '/v2/captcha/slider/challenges', { body: input, signal });
}
