import type { SliderTrackPoint } from '@anxin/shared/auth/slider-track.schemas';
import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import { findDragTrackFlaw } from '../../platform/captcha/drag-track.ts';
import {
  drawSliderPuzzle,
  PIECE_SIZE,
  SLIDER_HEIGHT,
  SLIDER_TOLERANCE_PX,
  SLIDER_WIDTH,
} from '../../platform/captcha/slider-image.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import * as repo from './sms-code.repository.ts';
import type { CaptchaMode } from './sms-code.service.ts';

const CHALLENGE_TTL_SECONDS = 120;

/** The project's own slide captcha: the verdict is decided here, the result is single-use and bound to phone and ticket. */
export function createCaptchaService(db: Database, clock: Clock, mode: CaptchaMode) {
  return {
    async createChallenge(phone: string, ticket: string, ip: string) {
      const now = clock.now();
      await hitLimits(db, now, [{ key: `captcha:ip:${ip}`, max: 120, windowSeconds: 3600 }]);
      const puzzle = drawSliderPuzzle();
      const id = randomToken(18);
      await repo.insertChallenge(db, {
        id,
        ticket,
        phone,
        answerX: puzzle.answerX,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      });
      return {
        challengeId: id,
        width: SLIDER_WIDTH,
        height: SLIDER_HEIGHT,
        pieceSize: PIECE_SIZE,
        pieceY: puzzle.pieceY,
        backgroundImage: puzzle.backgroundImage,
        pieceImage: puzzle.pieceImage,
        ...(mode === 'test' ? { answerX: puzzle.answerX } : {}),
      };
    },

    /** `track` is the drag as the page recorded it; the verdict never rests on a duration the client states. */
    async verify(challengeId: string, x: number, track: readonly SliderTrackPoint[]) {
      const now = clock.now();
      const challenge = await repo.findOpenChallenge(db, challengeId, now);
      if (!challenge) throw badRequest(MSG.captchaFailed, 'challengeId');
      const isHuman = Math.abs(x - challenge.answerX) <= SLIDER_TOLERANCE_PX && findDragTrackFlaw(track, x) === null;
      const validCode = isHuman ? randomToken(24) : null;
      const isClosed = await repo.closeChallenge(db, challengeId, validCode ? sha256(validCode) : null, now);
      if (!isClosed || !validCode) throw badRequest(MSG.captchaFailed, 'x');
      return { validCode };
    },
  };
}
