import { isLegacyPasswordAcceptable } from '@anxin/shared/account/account.schemas';
import {
  CAPTCHA_AFTER_FAILURES,
  IP_CAPTCHA_AFTER_FAILURES,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
} from '@anxin/shared/auth/password-login.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_PATTERN } from '@anxin/shared/common/phone';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError, tooManyRequests } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { countHit, readHits, resetLimit } from '../../platform/rate-limit.ts';
import type { MemberRow } from '../account/account.module.ts';
import { createImageCaptchaService, findMemberByLoginName } from '../password-login/password-login.module.ts';

/** Failures are counted over this window (a fixed window from the first failure). */
const FAILURE_WINDOW_SECONDS = 3600;
/** Beyond this many failures per hour one client IP gets 429 for every password check. */
const IP_HARD_LIMIT = 100;

/** A password and, once the server asks for it, the image code answered with it. */
export type PasswordAttempt = { password: string; captchaId?: string; captchaCode?: string };

/**
 * The reply of a refused check, the same for a wrong password, an unknown or locked account: each endpoint
 * words it its own way. `isCaptchaNeededNext` (CAPTCHA_REQUIRED) tells the page to show the image code.
 */
export type RefusalReply = (isCaptchaNeededNext: boolean) => AppError;

/** The password login's and phone binding's refusal: 账号或密码错误. */
export const loginFailed: RefusalReply = (isCaptchaNeededNext) =>
  new AppError(400, isCaptchaNeededNext ? ErrorCode.captchaRequired : ErrorCode.loginFailed, MSG.loginFailed);

/** Counter keys of one login name: a real account is counted by its id (its phone and login name share them). */
function failureKeys(account: { memberId: number } | { loginName: string }, ip: string) {
  const name = 'memberId' in account ? `m:${account.memberId}` : `n:${account.loginName}`;
  return { failures: `pwd-fail:${name}`, lock: `pwd-lock:${name}`, ipFailures: `pwd-fail:ip:${ip}` };
}

// Unknown accounts (and accounts without a password) are checked against this hash, so that every refusal
// costs one argon2 verification and takes about as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken(16));
  return dummyHash;
};

/**
 * The one check of a password, for every endpoint that takes one (password login, phone binding, password
 * change). Its failures share counters per account and per client IP, whichever endpoint they came through:
 * after 3 failures of the account (or 10 of the IP) the image code is required; after 10 the account is
 * locked for 15 minutes; after 100 of one IP in an hour every check from there gets 429. An unknown account,
 * a wrong password and a locked account get the same reply and take about the same time.
 */
export function createPasswordCheck(services: Pick<AppServices, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = services;
  const imageCaptcha = createImageCaptchaService(db, clock, config.CAPTCHA_MODE);
  const isCaptchaEnabled = config.CAPTCHA_MODE !== 'off';

  async function check(
    member: MemberRow | undefined,
    keys: ReturnType<typeof failureKeys>,
    attempt: PasswordAttempt,
    refuse: RefusalReply,
  ) {
    const now = clock.now();
    const ipFailures = await readHits(db, now, keys.ipFailures);
    if (ipFailures >= IP_HARD_LIMIT) throw tooManyRequests();
    const failures = await readHits(db, now, keys.failures);
    if (isCaptchaEnabled && (failures >= CAPTCHA_AFTER_FAILURES || ipFailures >= IP_CAPTCHA_AFTER_FAILURES)) {
      await imageCaptcha.consume(attempt.captchaId, attempt.captchaCode);
    }

    const isLocked = (await readHits(db, now, keys.lock)) > 0;
    const isPasswordRight = await verifyPassword(member?.passwordHash ?? (await getDummyHash()), attempt.password);
    // Spec README: stored passwords of the old 6-16 rule keep working; nothing outside it was ever accepted.
    if (member && isPasswordRight && !isLocked && isLegacyPasswordAcceptable(attempt.password)) {
      await resetLimit(db, keys.failures);
      return member;
    }

    const ipFailuresNow = await countHit(db, now, {
      key: keys.ipFailures,
      max: IP_HARD_LIMIT,
      windowSeconds: FAILURE_WINDOW_SECONDS,
    });
    let failuresNow = failures;
    if (!isLocked) {
      failuresNow = await countHit(db, now, {
        key: keys.failures,
        max: LOCK_AFTER_FAILURES,
        windowSeconds: FAILURE_WINDOW_SECONDS,
      });
      if (failuresNow >= LOCK_AFTER_FAILURES) {
        await countHit(db, now, { key: keys.lock, max: 1, windowSeconds: LOCK_MINUTES * 60 });
      }
    }
    throw refuse(
      isCaptchaEnabled && (failuresNow >= CAPTCHA_AFTER_FAILURES || ipFailuresNow >= IP_CAPTCHA_AFTER_FAILURES),
    );
  }

  return {
    /** Ends a lockout and forgets the failures of a member (after a password reset that proved the phone). */
    async clearLoginFailures(memberId: number) {
      const keys = failureKeys({ memberId }, '');
      await resetLimit(db, keys.failures);
      await resetLimit(db, keys.lock);
    },

    /**
     * A login name (a phone, else a login name) and its password; answers the member. A closed account is
     * unknown. What the caller may tell about the member (no phone, being closed…) it tells only after this.
     */
    async verifyLoginName(loginName: string, attempt: PasswordAttempt, client: ClientInfo, refuse = loginFailed) {
      const found = await findMemberByLoginName(db, loginName, PHONE_PATTERN.test(loginName));
      const member = found && found.status !== 'closed' ? found : undefined;
      const keys = failureKeys(member ? { memberId: member.id } : { loginName }, client.ip);
      return check(member, keys, attempt, refuse);
    },

    /** The password of a known member (a signed-in member's current password), counted for that account. */
    async verifyMember(member: MemberRow, attempt: PasswordAttempt, client: ClientInfo, refuse: RefusalReply) {
      await check(member, failureKeys({ memberId: member.id }, client.ip), attempt, refuse);
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
