import {
  CLOSE_ORIGIN_HEADER,
  CLOSE_ORIGIN_PC_MALL,
  closeApplyBodySchema,
  closeApplyReplySchema,
  closeWithdrawBodySchema,
} from '@anxin/shared/account/account-safety.schemas';
import { loginResultSchema } from '@anxin/shared/auth/login-result';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { badRequest } from '../../platform/errors.ts';
import { createAccountClosureService } from './account-closure.service.ts';

/** Known close-origin values: the PC mall sends PC_MALL. */
const CLOSE_ORIGINS = new Set([CLOSE_ORIGIN_PC_MALL]);

/** Account deletion with a 15-day cooling-off period. */
export const accountClosureModule: FastifyPluginAsyncZod = async (app) => {
  const closure = createAccountClosureService(app.services);
  const tags = ['account-closure'];

  app.post(
    '/v2/member/account/closeapply',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Apply to delete the account (header close-origin: PC_MALL); every sign-in ends at once',
        headers: z.object({ [CLOSE_ORIGIN_HEADER]: z.string().max(50).optional() }),
        body: closeApplyBodySchema,
        response: { 200: closeApplyReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const origin = request.headers[CLOSE_ORIGIN_HEADER];
      if (!origin || !CLOSE_ORIGINS.has(origin)) throw badRequest(MSG.closeOriginInvalid, CLOSE_ORIGIN_HEADER);
      return closure.apply(request.member.memberId, request.body.phoneNum, request.body.validCode, origin);
    },
  );

  app.post(
    '/v2/member/account/closeapply/withdraw',
    {
      schema: {
        tags,
        summary:
          'Withdraw a deletion during the cooling-off period (phone + the SMS login code); answers the login result',
        body: closeWithdrawBodySchema,
        response: { 200: loginResultSchema, 410: errorReplies[404], ...errorReplies },
      },
    },
    async (request) => closure.withdraw(request.body.phoneNum, request.body.smsCode, clientOf(request)),
  );
};
