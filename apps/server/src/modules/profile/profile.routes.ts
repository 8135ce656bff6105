import { elderlyModeBodySchema, profileBodySchema, userInfoSchema } from '@anxin/shared/profile/profile.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createProfileService } from './profile.service.ts';

/**
 * PUT /v2/member/vo: the profile form (sex, birthday, nickname, avatar); PUT /v2/member/elderly-mode: 长辈模式.
 * GET /v2/member/vo lives in the account module.
 */
export const profileModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.services;
  const profile = createProfileService({ db, clock, avatarHost: config.AVATAR_HOST });

  app.put(
    '/v2/member/vo',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['profile'],
        summary: 'Save the profile: sex (1 male, 2 female), birthday (YYYY-MM-DD), nickName, avatar (an upload url)',
        body: profileBodySchema,
        response: { 200: userInfoSchema, ...errorReplies },
      },
    },
    async (request) => profile.updateProfile(request.member.memberId, request.body),
  );

  app.put(
    '/v2/member/elderly-mode',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['profile'],
        summary:
          'Turn 长辈模式 (larger text and controls) on or off for the member on every device; answers the user info',
        body: elderlyModeBodySchema,
        response: { 200: userInfoSchema, ...errorReplies },
      },
    },
    async (request) => profile.setElderlyMode(request.member.memberId, request.body.elderlyMode),
  );
};
