import { describeSignInMethod, describeUserAgent } from '@anxin/shared/account/user-agent';
import { memberSessionsSchema, revokeOtherSessionsReplySchema } from '@anxin/shared/sessions/sessions.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './sessions.repository.ts';

/** How many past sign-ins the safety page lists. */
const RECENT_SIGN_IN_COUNT = 10;

type SessionRow = Awaited<ReturnType<typeof repo.listRecentSignIns>>[number];

const toIso = (value: Date | string) => new Date(value).toISOString();

/** The member's sign-ins (beyond the spec: the safety page's device list), each of which can be ended. */
export const sessionsModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, tokens } = app.services;
  const tags = ['sessions'];

  const toItem = (row: SessionRow, currentSessionId: string) => ({
    id: row.id,
    method: row.method,
    methodName: describeSignInMethod(row.method),
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: toIso(row.createdAt),
    lastActiveAt: toIso(row.lastActiveAt),
    endedAt: row.revokedAt ? toIso(row.revokedAt) : null,
    isCurrent: row.id === currentSessionId,
  });

  app.get(
    '/v2/member/sessions',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Active sign-ins (devices) and the recent sign-in history',
        response: { 200: memberSessionsSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { memberId, sessionId } = request.member;
      const [active, recent] = await Promise.all([
        repo.listActiveSessions(db, memberId, clock.now()),
        repo.listRecentSignIns(db, memberId, RECENT_SIGN_IN_COUNT),
      ]);
      // The current sign-in first, then newest first.
      const sessions = active
        .map((row) => toItem(row, sessionId))
        .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
      return { sessions, signIns: recent.map((row) => toItem(row, sessionId)) };
    },
  );

  app.delete(
    '/v2/member/sessions/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Sign out one device (404 for a sign-in that is not the member’s)',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { memberId } = request.member;
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.params.id);
      const found = isUuid ? await repo.findMemberSession(db, memberId, request.params.id) : undefined;
      if (!found) throw notFound();
      await tokens.endSession(memberId, found.id, 'signed-out-by-member');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/member/sessions/revoke-all',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: '退出所有设备: ends every other sign-in; the one making the call stays signed in',
        response: { 200: revokeOtherSessionsReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { memberId, sessionId } = request.member;
      const ended = await tokens.endOtherSessions(memberId, 'signed-out-everywhere', sessionId);
      return { revoked: ended.length };
    },
  );
};
