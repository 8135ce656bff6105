import {
  IMAGE_CAPTCHA_TTL_SECONDS,
  IMAGE_CODE_LENGTH,
  type ImageCaptcha,
} from '@anxin/shared/auth/password-login.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { Database } from '../../db/client.ts';
import { drawImageCode, randomImageCodeText } from '../../platform/captcha/image-code.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { CaptchaMode } from '../auth/auth.module.ts';
import * as repo from './image-captcha.repository.ts';

/** Wrong answers a code takes before it is used up (a new image must be fetched). */
const MAX_WRONG_ANSWERS = 3;

const hashAnswer = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);

/** Answers of the login form: the image is refreshed, the field shows why. */
export const captchaRequired = (message: string = MSG.captchaRequired) =>
  new AppError(400, ErrorCode.captchaRequired, message, [{ field: 'captchaCode', message }]);

/**
 * The image code of the password login, a PNG drawn by `platform/captcha/image-code.ts`. The verdict is decided
 * here; an answer is case-insensitive, used once, and its code expires after 2 minutes.
 */
export function createImageCaptchaService(db: Database, clock: Clock, mode: CaptchaMode) {
  /** Each answer is counted before it is compared, so a burst of parallel answers gets 3 compared at most. */
  async function findMatching(id: string, code: string) {
    const now = clock.now();
    const row = await repo.countImageCodeAnswer(db, id, now);
    if (!row || row.answers > MAX_WRONG_ANSWERS) return undefined;
    if (!safeEqual(row.answerHash, hashAnswer(id, code))) {
      await repo.useUpIfWornOut(db, id, MAX_WRONG_ANSWERS, now);
      return undefined;
    }
    await repo.uncountImageCodeAnswer(db, id);
    return row;
  }

  return {
    async create(ip: string): Promise<ImageCaptcha> {
      const now = clock.now();
      await hitLimits(db, now, [{ key: `image-captcha:ip:${ip}`, max: 120, windowSeconds: 600 }]);
      const text = randomImageCodeText(IMAGE_CODE_LENGTH);
      const id = randomToken(18);
      await repo.deleteExpiredImageCaptchas(db, now);
      await repo.insertImageCaptcha(db, {
        id,
        answerHash: hashAnswer(id, text),
        createdAt: now,
        expiresAt: new Date(now.getTime() + IMAGE_CAPTCHA_TTL_SECONDS * 1000),
      });
      return {
        id,
        image: drawImageCode(text),
        ...(mode === 'test' ? { answer: text } : {}),
      };
    },

    /** PUT /v2/captcha/image/captchas: checks without using it up; a wrong answer counts. */
    async check(id: string, code: string) {
      if (!(await findMatching(id, code))) throw badRequest(MSG.imageCodeWrong, 'code');
    },

    /** The login form's code: checked and used up, or a CAPTCHA_REQUIRED reply. */
    async consume(id: string | undefined, code: string | undefined) {
      if (!id || !code) throw captchaRequired();
      const row = await findMatching(id, code);
      if (!row || !(await repo.claimImageCaptcha(db, id, clock.now()))) throw captchaRequired(MSG.imageCodeWrong);
    },
  };
}
