import {
  phoneBinderBodySchema,
  phoneBinderReplySchema,
  sameThirdBinderBodySchema,
  sameThirdBinderReplySchema,
  thirdPartyRegistryBodySchema,
} from '@anxin/shared/account/account-safety.schemas';
import { loginResultSchema } from '@anxin/shared/auth/login-result';
import { maskPhone } from '@anxin/shared/common/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { readBrowserSecret } from '../third-party/third-party.module.ts';
import { createBindPhoneService } from './bind-phone.service.ts';

/** Phone binding (BindPhone, phoneBinder, thirdPartyRegistry, validate/sameThirdBinder). */
export const bindPhoneModule: FastifyPluginAsyncZod = async (app) => {
  const bindPhone = createBindPhoneService(app.services);
  const tags = ['bind-phone'];

  app.put(
    '/v2/member/account/phoneBinder',
    {
      schema: {
        tags,
        summary:
          'Bind a phone. With ticket (third party) or loginName + loginType 1 + password: bind it to that account and ' +
          'sign in (type 1: link to the phone’s existing account, merging). Otherwise (signed in): change the phone.',
        body: phoneBinderBodySchema,
        response: { 200: phoneBinderReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { userName, validCode, type } = request.body;
      const subject = await bindPhone.resolveSubject(request.body, clientOf(request), readBrowserSecret(request));
      if (subject) {
        return type === 1
          ? bindPhone.linkToPhoneAccount(subject, userName, validCode, clientOf(request))
          : bindPhone.bindNewPhone(subject, userName, validCode, clientOf(request));
      }
      await app.requireMember(request);
      await bindPhone.changePhone(request.member.memberId, userName, validCode);
      return { phoneStr: maskPhone(userName) };
    },
  );

  app.put(
    '/v2/member/account/thirdPartyRegistry',
    {
      schema: {
        tags,
        summary: 'An account for the third-party account of the ticket, with this phone; answers the login result',
        body: thirdPartyRegistryBodySchema,
        response: { 200: loginResultSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { ticket, userName, validCode } = request.body;
      const subject = await bindPhone.resolveSubject({ ticket }, clientOf(request), readBrowserSecret(request));
      if (!subject) throw new Error('unreachable: a ticket always resolves');
      return bindPhone.bindNewPhone(subject, userName, validCode, clientOf(request));
    },
  );

  app.post(
    '/v2/member/account/validate/sameThirdBinder',
    {
      schema: {
        tags,
        summary:
          'Has the phone’s account a third-party account of this type already? (needs the phone’s bindPhone code)',
        body: sameThirdBinderBodySchema,
        response: { 200: sameThirdBinderReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { userName, validCode, type } = request.body;
      const isSame = await bindPhone.hasSameThirdBinder(userName, validCode, type);
      return { isSameThirdBinder: isSame ? ('1' as const) : ('0' as const) };
    },
  );
};
