import { isLegacyPasswordAcceptable } from '@anxin/shared/account/account.schemas';
import {
  CAPTCHA_AFTER_FAILURES,
  IP_CAPTCHA_AFTER_FAILURES,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  type PasswordLoginBody,
  passwordLoginPlainSchema,
} from '@anxin/shared/auth/password-login.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_PATTERN } from '@anxin/shared/common/phone';
import type { Executor } from '../../db/client.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/http.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { countHit, readHits, resetLimit } from '../../platform/rate-limit.ts';
import type { MemberRow } from '../account/account.schema.ts';
import { accountClosingError } from '../account-closure/account-closure.service.ts';
import type { ClientInfo } from '../auth/auth.service.ts';
import { createImageCaptchaService } from './image-captcha.service.ts';
import { createLoginKeyService } from './login-key.service.ts';
import * as repo from './password-login.repository.ts';

/** Failures are counted over this window (a fixed window from the first failure). */
const FAILURE_WINDOW_SECONDS = 3600;
/** Beyond this many failures per hour one client IP gets 429 for every password login. */
const IP_HARD_LIMIT = 100;

/** The one reply of a refused password login: unknown account, wrong password and locked account alike. */
const loginFailed = (isCaptchaNeededNext: boolean) =>
  new AppError(400, isCaptchaNeededNext ? ErrorCode.captchaRequired : ErrorCode.loginFailed, MSG.loginFailed);

/** Counter keys of one login name: a real account is counted by its id (its phone and login name share them). */
function failureKeys(account: { memberId: number } | { loginName: string }, ip: string) {
  const name = 'memberId' in account ? `m:${account.memberId}` : `n:${account.loginName}`;
  return { failures: `pwd-fail:${name}`, lock: `pwd-lock:${name}`, ipFailures: `pwd-fail:ip:${ip}` };
}

/** Ends a lockout and forgets the failures of a member (after a password reset that proved the phone). */
export async function clearLoginFailures(db: Executor, memberId: number) {
  const keys = failureKeys({ memberId }, '');
  await resetLimit(db, keys.failures);
  await resetLimit(db, keys.lock);
}

export function createPasswordLoginService(services: AppServices) {
  const { db, clock, tokens, cipher, config } = services;
  const loginKeys = createLoginKeyService(db, clock, cipher);
  const imageCaptcha = createImageCaptchaService(db, clock, config.CAPTCHA_MODE);
  const isCaptchaEnabled = config.CAPTCHA_MODE !== 'off';

  // Unknown accounts (and accounts without a password) are checked against this hash, so that every
  // refusal costs one argon2 verification and takes about as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomToken(16));
    return dummyHash;
  };

  /**
   * Checks a login name and password with the failure rules (issue 3): after 3 failures of the account
   * (or 10 of the client IP) the image code is required; after 10 the account is locked for 15 minutes. An
   * unknown account, a wrong password and a locked account get the same reply and take about the same time.
   * Answers the member on success. Other sign-in flows that take a password can use it too.
   */
  async function verifyCredentials(
    input: { loginName: string; password: string; captchaId?: string; captchaCode?: string },
    client: ClientInfo,
  ): Promise<MemberRow> {
    const now = clock.now();
    const found = await repo.findMemberByLoginName(db, input.loginName, PHONE_PATTERN.test(input.loginName));
    const member = found && found.status !== 'closed' ? found : undefined;
    const keys = failureKeys(member ? { memberId: member.id } : { loginName: input.loginName }, client.ip);

    const ipFailures = await readHits(db, now, keys.ipFailures);
    if (ipFailures >= IP_HARD_LIMIT) throw tooManyRequests();
    const failures = await readHits(db, now, keys.failures);
    if (isCaptchaEnabled && (failures >= CAPTCHA_AFTER_FAILURES || ipFailures >= IP_CAPTCHA_AFTER_FAILURES)) {
      await imageCaptcha.consume(input.captchaId, input.captchaCode);
    }

    const isLocked = (await readHits(db, now, keys.lock)) > 0;
    const isPasswordRight = await verifyPassword(member?.passwordHash ?? (await getDummyHash()), input.password);
    // Spec README: stored passwords of the old 6-16 rule keep working; nothing outside it was ever accepted.
    if (member && isPasswordRight && !isLocked && isLegacyPasswordAcceptable(input.password)) {
      await resetLimit(db, keys.failures);
      return member;
    }

    const ipFailuresNow = await countHit(db, now, { key: keys.ipFailures, max: IP_HARD_LIMIT, windowSeconds: 3600 });
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
    throw loginFailed(
      isCaptchaEnabled && (failuresNow >= CAPTCHA_AFTER_FAILURES || ipFailuresNow >= IP_CAPTCHA_AFTER_FAILURES),
    );
  }

  return {
    verifyCredentials,
    createKey: (ip: string) => loginKeys.createKey(ip),
    createImageCaptcha: (ip: string) => imageCaptcha.create(ip),
    checkImageCaptcha: (id: string, code: string) => imageCaptcha.check(id, code),

    /**
     * POST /passport/account/login/v3. Outcomes of A §4: a member without a phone (third-party account) must
     * bind one (1001000003); an account from the old system must change its password (MEM0010001); else the
     * login result. Both codes come only after the right password.
     */
    async login(body: PasswordLoginBody, client: ClientInfo) {
      const [loginName, password] = await loginKeys.decrypt(body.key, [body.loginName, body.password]);
      const plain = passwordLoginPlainSchema.safeParse({ loginName, password });
      if (!plain.success) {
        const issue = plain.error.issues[0];
        throw badRequest(issue?.message ?? MSG.badRequest, String(issue?.path[0] ?? 'loginName'));
      }
      const member = await verifyCredentials(
        { ...plain.data, captchaId: body.captchaId, captchaCode: body.captchaCode },
        client,
      );
      if (member.status === 'closing') throw accountClosingError();
      if (!member.phone) throw new AppError(403, ErrorCode.phoneNeedsBinding, MSG.phoneNeedsBinding);
      if (member.passwordMustUpdate) {
        throw new AppError(403, ErrorCode.passwordMustUpdate, MSG.passwordUpgradeNotice);
      }
      return tokens.signIn({ memberId: member.id, method: 'password', ...client });
    },
  };
}
