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
import { countHit, holdLimitUntil, resetLimit, uncountHit } from '../../platform/rate-limit.ts';
import { findMemberByLoginName, type MemberRow } from '../account/account.module.ts';
import { createImageCaptchaService } from './image-captcha.service.ts';

/** Failures are counted over this window (a fixed window from the first failure, cut to 15 minutes by a lock). */
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

/**
 * Counter keys of one account and the client's address. `target` names what is counted: a real account by
 * its id (a member's phone and login name share one counter), an unknown one by the name typed; members and
 * staff by their own prefixes (`m:`/`n:`, `s:`/`sn:`). One address shares its counter whatever it guesses at.
 */
function failureKeys(target: string, ip: string) {
  return { failures: `pwd-fail:${target}`, ipFailures: `pwd-fail:ip:${ip}` };
}

/** The counter target of a member (`memberId`) or of a name no account answers to. */
const memberTarget = (account: { memberId: number } | { loginName: string }) =>
  'memberId' in account ? `m:${account.memberId}` : `n:${account.loginName}`;

/** Whatever holds a password: a member, a staff member. */
type PasswordHolder = { passwordHash: string | null };

// Unknown accounts (and accounts without a password) are checked against this hash, so that every refusal
// costs one argon2 verification and takes about as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomToken(16));
  return dummyHash;
};

/**
 * The one check of a password, for every endpoint that takes one (password login, phone binding, password
 * change, the console's staff sign-in). Its failures share counters per account and per client IP, whichever
 * endpoint they came through: after 3 failures of the account (or 10 of the IP) the image code is required;
 * after 10 the account is locked for 15 minutes; after 100 of one IP in an hour every check from there gets
 * 429. An unknown account, a wrong password and a locked account get the same reply and take about the same
 * time.
 */
export function createPasswordCheck(services: Pick<AppServices, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = services;
  const imageCaptcha = createImageCaptchaService(db, clock, config.CAPTCHA_MODE);
  const isCaptchaEnabled = config.CAPTCHA_MODE !== 'off';

  /**
   * Each guess is counted, in one atomic statement per counter, before the password is looked at: a burst of
   * parallel guesses cannot all read "no failures yet". A counter therefore holds the failures plus the
   * guesses still being checked; a guess is evaluated only while its own count is within the limit, and the
   * count is taken back when the guess turns out not to count (a missing image code, the right password).
   */
  async function check<T extends PasswordHolder>(
    account: T | undefined,
    keys: ReturnType<typeof failureKeys>,
    attempt: PasswordAttempt,
    refuse: RefusalReply,
  ): Promise<T> {
    const now = clock.now();
    const ipGuess = await countHit(db, now, {
      key: keys.ipFailures,
      max: IP_HARD_LIMIT,
      windowSeconds: FAILURE_WINDOW_SECONDS,
    });
    if (ipGuess > IP_HARD_LIMIT) throw tooManyRequests();
    const guess = await countHit(db, now, {
      key: keys.failures,
      max: LOCK_AFTER_FAILURES,
      windowSeconds: FAILURE_WINDOW_SECONDS,
    });
    const isCaptchaNeeded = (count: number, ipCount: number) =>
      isCaptchaEnabled && (count >= CAPTCHA_AFTER_FAILURES || ipCount >= IP_CAPTCHA_AFTER_FAILURES);
    if (isCaptchaNeeded(guess - 1, ipGuess - 1)) {
      try {
        await imageCaptcha.consume(attempt.captchaId, attempt.captchaCode);
      } catch (error) {
        await uncountHit(db, keys.failures);
        await uncountHit(db, keys.ipFailures);
        throw error;
      }
    }

    // Beyond the 10th guess the account is locked: the password is not evaluated, though the dummy hash is
    // still verified so that a locked account answers as slowly as a wrong password.
    const isLocked = guess > LOCK_AFTER_FAILURES;
    const hash = !isLocked && account?.passwordHash ? account.passwordHash : await getDummyHash();
    const isPasswordRight = await verifyPassword(hash, attempt.password);
    // Spec README: stored passwords of the old 6-16 rule keep working; nothing outside it was ever accepted.
    if (account && isPasswordRight && !isLocked && isLegacyPasswordAcceptable(attempt.password)) {
      await resetLimit(db, keys.failures);
      await uncountHit(db, keys.ipFailures);
      return account;
    }
    if (guess === LOCK_AFTER_FAILURES) {
      await holdLimitUntil(db, keys.failures, new Date(clock.now().getTime() + LOCK_MINUTES * 60_000));
    }
    throw refuse(isCaptchaNeeded(guess, ipGuess));
  }

  return {
    /** Ends a lockout and forgets the failures of a member (after a password reset that proved the phone). */
    async clearLoginFailures(memberId: number) {
      await resetLimit(db, failureKeys(memberTarget({ memberId }), '').failures);
    },

    /**
     * A login name (a phone, else a login name) and its password; answers the member. A closed account is
     * unknown. What the caller may tell about the member (no phone, being closed…) it tells only after this.
     */
    async verifyLoginName(loginName: string, attempt: PasswordAttempt, client: ClientInfo, refuse = loginFailed) {
      const found = await findMemberByLoginName(db, loginName, PHONE_PATTERN.test(loginName));
      const member = found && found.status !== 'closed' ? found : undefined;
      const keys = failureKeys(memberTarget(member ? { memberId: member.id } : { loginName }), client.ip);
      return check(member, keys, attempt, refuse);
    },

    /** The password of a known member (a signed-in member's current password), counted for that account. */
    async verifyMember(member: MemberRow, attempt: PasswordAttempt, client: ClientInfo, refuse: RefusalReply) {
      await check(member, failureKeys(memberTarget({ memberId: member.id }), client.ip), attempt, refuse);
    },

    /**
     * The password of a staff member signing in to the console (`staff` undefined when none has the name typed;
     * a disabled one is checked too, and told so only after this): the same counting, image code, lock and
     * per-address limit as a member's, under staff keys.
     */
    async verifyStaff<T extends PasswordHolder & { id: number }>(
      loginName: string,
      staff: T | undefined,
      attempt: PasswordAttempt,
      client: ClientInfo,
      refuse = loginFailed,
    ): Promise<T> {
      return check(staff, failureKeys(staff ? `s:${staff.id}` : `sn:${loginName}`, client.ip), attempt, refuse);
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
