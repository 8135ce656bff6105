import { loginResultSchema } from '@anxin/shared/auth/login-result';
import {
  changePasswordBodySchema,
  currentPhoneBodySchema,
  currentPhoneReplySchema,
  resetPasswordBodySchema,
} from '@anxin/shared/auth/password.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { createPasswordService } from './password.service.ts';

/** The password screens' calls: change, reset by SMS code, and the current-phone check. */
export const passwordModule: FastifyPluginAsyncZod = async (app) => {
  const passwords = createPasswordService(app.services);
  const tags = ['account'];

  app.put(
    '/v2/member/account/pwd',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Change the password with the current one; every other sign-in ends. Wrong current passwords count with ' +
          'the password login: 400 CAPTCHA_REQUIRED asks for captchaId and captchaCode',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await passwords.change(request.member, request.body, clientOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/member/account/reset/pwd',
    {
      schema: {
        tags,
        summary:
          'Reset the password with an SMS code (purpose resetPassword). type forget (default): 204, every ' +
          'sign-in ends; update: 200 login result; edit (signed in, own phone only): 204, other sign-ins end',
        body: resetPasswordBodySchema,
        response: { 200: loginResultSchema, 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      if (request.body.type === 'edit') await app.requireMember(request);
      const result = await passwords.reset(
        request.body,
        clientOf(request),
        request.body.type === 'edit' ? request.member : undefined,
      );
      return result ? reply.status(200).send(result) : reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/member/account/current',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: "Is phoneNum the signed-in account's phone? isCurrent '1' or '0'",
        body: currentPhoneBodySchema,
        response: { 200: currentPhoneReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const isCurrent = await passwords.isCurrentPhone(request.member.memberId, request.body.phoneNum);
      return { isCurrent: isCurrent ? ('1' as const) : ('0' as const) };
    },
  );
};
