import { apiRequest } from '../../../lib/api-client.ts';

export type SliderChallengeInput = { phoneNum: string; ticket: string };

/**
 * A slide-captcha puzzle. Sizes are CSS pixels of the background image; the piece is pieceSize square,
 * sits at top = pieceY and starts at left = 0. `answerX` only comes in CAPTCHA_MODE=test.
 */
export type SliderChallenge = {
  challengeId: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  backgroundImage: string;
  pieceImage: string;
  answerX?: number;
};

export function createSliderChallenge(input: SliderChallengeInput, signal?: AbortSignal): Promise<SliderChallenge> {
  return apiRequest<SliderChallenge>('POST', '/v2/captcha/slider/challenges', { body: input, signal });
}
