import { accountInfoSchema, userInfoSchema } from '@anxin/shared/profile/profile.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notSignedIn } from '../../platform/errors.ts';
import { findMemberById } from './account.repository.ts';
import { toUserInfo } from './member-view.ts';

const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#e3f4ea"/><circle cx="48" cy="38" r="17" fill="#12a05c"/><path d="M16 84c4-18 17-27 32-27s28 9 32 27" fill="#12a05c"/></svg>`;

export const accountModule: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  const tags = ['account'];

  async function currentMember(memberId: number) {
    const member = await findMemberById(db, memberId);
    if (!member || member.status === 'closed') throw notSignedIn();
    return member;
  }

  app.get(
    '/v2/member/vo',
    {
      onRequest: app.requireMember,
      schema: { tags, summary: 'User info', response: { 200: userInfoSchema, ...errorReplies } },
    },
    async (request) => toUserInfo(await currentMember(request.member.memberId), config.AVATAR_HOST),
  );

  app.get(
    '/v2/member/account',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Account info',
        response: {
          200: accountInfoSchema,
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const member = await currentMember(request.member.memberId);
      return {
        ...toUserInfo(member, config.AVATAR_HOST),
        loginName: member.loginName,
        hasPassword: Boolean(member.passwordHash),
      };
    },
  );

  app.get('/v2/member/default-avatar.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG),
  );
};
