import { type PasswordLoginBody, passwordLoginPlainSchema } from '@anxin/shared/auth/password-login.schemas';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { accountClosingError } from '../account/account.module.ts';
import { createImageCaptchaService, createPasswordCheck } from '../password-check/password-check.module.ts';
import { createLoginKeyService } from './login-key.service.ts';

export function createPasswordLoginService(services: AppServices) {
  const { db, clock, tokens, cipher, config } = services;
  const loginKeys = createLoginKeyService(db, clock, cipher);
  const imageCaptcha = createImageCaptchaService(db, clock, config.CAPTCHA_MODE);
  const passwordCheck = createPasswordCheck(services);

  return {
    createKey: (ip: string) => loginKeys.createKey(ip),
    createImageCaptcha: (ip: string) => imageCaptcha.create(ip),
    checkImageCaptcha: (id: string, code: string) => imageCaptcha.check(id, code),

    /**
     * POST /passport/account/login/v3. Outcomes: a member without a phone (third-party account) must
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
      const member = await passwordCheck.verifyLoginName(
        plain.data.loginName,
        { password: plain.data.password, captchaId: body.captchaId, captchaCode: body.captchaCode },
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
