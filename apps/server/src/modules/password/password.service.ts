import type { ChangePasswordBody, ResetPasswordBody } from '@anxin/shared/auth/password.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { AppError, badRequest, notSignedIn } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { findMemberById, findMemberByPhone } from '../account/account.module.ts';
import type { AccessClaims, LoginResult } from '../auth/auth.module.ts';
import { createPasswordCheck } from '../password-check/password-check.module.ts';
import * as repo from './password.repository.ts';

/** 原密码错误 on the field; CAPTCHA_REQUIRED once the image code is needed for the next try. */
const oldPasswordWrong = (isCaptchaNeededNext: boolean) =>
  new AppError(
    400,
    isCaptchaNeededNext ? ErrorCode.captchaRequired : ErrorCode.validationFailed,
    MSG.oldPasswordWrong,
    [{ field: 'oldPwd', message: MSG.oldPasswordWrong }],
  );

/**
 * The password screens. Every change or reset ends the member's other sign-ins: their refresh
 * tokens stop working and their access tokens are refused at once (the guard checks the session row).
 */
export function createPasswordService(services: AppServices) {
  const { db, clock, tokens, smsCodes } = services;
  const passwordCheck = createPasswordCheck(services);

  async function activeMember(memberId: number) {
    const member = await findMemberById(db, memberId);
    if (!member || member.status === 'closed') throw notSignedIn();
    return member;
  }

  return {
    /** PUT /v2/member/account/pwd: with the current password; the current sign-in stays. */
    async change(claims: AccessClaims, body: ChangePasswordBody, client: ClientInfo) {
      const member = await activeMember(claims.memberId);
      if (!member.passwordHash) throw badRequest(MSG.passwordNotSetYet, 'oldPwd');
      // A signed-in device guessing the current password counts against the account like the login does.
      const attempt = { password: body.oldPwd, captchaId: body.captchaId, captchaCode: body.captchaCode };
      await passwordCheck.verifyMember(member, attempt, client, oldPasswordWrong);
      const passwordHash = await hashPassword(body.newPwd);
      await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, member.id, passwordHash, clock.now());
        await tokens.endOtherSessions(member.id, 'password-changed', claims.sessionId, tx);
      });
    },

    /** POST /v2/member/account/current: is this the signed-in account's phone? */
    async isCurrentPhone(memberId: number, phone: string) {
      const member = await activeMember(memberId);
      return member.phone === phone;
    },

    /**
     * POST /v2/member/account/reset/pwd with an SMS code (purpose resetPassword) to the account's phone.
     * forget: every sign-in ends; update: every other sign-in ends and the member is signed in (spec README);
     * edit (signed in, `claims` given): the phone must be the account's own, the current sign-in stays.
     */
    async reset(body: ResetPasswordBody, client: ClientInfo, claims?: AccessClaims): Promise<LoginResult | undefined> {
      if (body.type === 'edit') {
        if (!claims) throw notSignedIn();
        const current = await activeMember(claims.memberId);
        if (current.phone !== body.userName) throw badRequest(MSG.phoneNotCurrent, 'userName');
      }
      // The code proves the phone before anything about its account is told.
      await smsCodes.consumeCode(body.userName, 'resetPassword', body.validCode);
      const member = await findMemberByPhone(db, body.userName);
      if (!member || member.status === 'closed') throw badRequest(MSG.phoneNotRegistered, 'userName');
      if (body.type === 'update' && body.loginName !== undefined) {
        const isSameAccount = member.loginName === body.loginName || member.phone === body.loginName;
        if (!isSameAccount) throw badRequest(MSG.phoneNotCurrent, 'userName');
      }

      const passwordHash = await hashPassword(body.password);
      const result = await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, member.id, passwordHash, clock.now());
        const keptSession = body.type === 'edit' ? claims?.sessionId : undefined;
        await tokens.endOtherSessions(member.id, 'password-reset', keptSession, tx);
        if (body.type !== 'update') return undefined;
        return tokens.signIn({ memberId: member.id, method: 'password-update', ...client }, tx);
      });
      // The phone is proven: a lockout of the password login ends with the new password.
      await passwordCheck.clearLoginFailures(member.id);
      return result;
    },
  };
}
