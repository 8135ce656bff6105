import { z } from 'zod';
import { MSG } from '../common/messages.ts';

/**
 * The slide captcha's drag as the page recorded it: from pointer down to release, where the handle was (CSS px
 * travelled) and when (ms since pointer down). The server judges the whole movement, not a stated duration.
 */
export const SLIDER_TRACK_MAX_POINTS = 300;

const failed = { error: MSG.captchaFailed };
export const sliderTrackPointSchema = z.object(
  { x: z.number(failed).min(-100, failed).max(2000, failed), t: z.number(failed).min(0, failed).max(600_000, failed) },
  failed,
);
export type SliderTrackPoint = z.infer<typeof sliderTrackPointSchema>;

/** POST /v2/captcha/slider/verifications */
export const sliderVerifyBodySchema = z.object({
  challengeId: z.string(failed).min(1, failed).max(100, failed),
  x: z.number(failed).min(0, failed).max(1000, failed),
  track: z.array(sliderTrackPointSchema, failed).min(1, failed).max(SLIDER_TRACK_MAX_POINTS, failed),
});
export type SliderVerifyBody = z.infer<typeof sliderVerifyBodySchema>;
/** Its reply on a pass: a single-use validCode for the SMS send. */
export const sliderVerdictSchema = z.object({ validCode: z.string() });
export type SliderVerdict = z.infer<typeof sliderVerdictSchema>;

/**
 * POST /v2/captcha/slider/challenges: a slide-captcha puzzle. Sizes are CSS pixels of the background image; the
 * piece is pieceSize square, sits at top = pieceY and starts at left = 0. `answerX` only comes in CAPTCHA_MODE=test.
 */
export const sliderChallengeSchema = z.object({
  challengeId: z.string(),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  pieceY: z.number(),
  backgroundImage: z.string(),
  pieceImage: z.string(),
  answerX: z.number().optional(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;
