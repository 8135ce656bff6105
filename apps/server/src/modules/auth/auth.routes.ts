import {
  logoutBodySchema,
  refreshBodySchema,
  registerBodySchema,
  smsLoginBodySchema,
  smsSendBodySchema,
  smsTicketBodySchema,
  smsTicketReplySchema,
  smsVerifyBodySchema,
  validateBodySchema,
  validateReplySchema,
} from '@anxin/shared/account/account.schemas';
import { loginResultSchema } from '@anxin/shared/auth/login-result';
import {
  sliderChallengeSchema,
  sliderVerdictSchema,
  sliderVerifyBodySchema,
} from '@anxin/shared/auth/slider-track.schemas';
import { phoneSchema } from '@anxin/shared/common/phone';
import { smsOutboxMessageSchema } from '@anxin/shared/dev/sms-outbox.contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { bearerToken } from '../../platform/http.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { createAuthService } from './auth.service.ts';
import { createCaptchaService } from './captcha.service.ts';

const ticketSchema = z.string().min(1).max(200);

export const authModule: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock, smsCodes, tokens } = app.services;
  const auth = createAuthService(app.services);
  const captcha = createCaptchaService(db, clock, config.CAPTCHA_MODE);
  const tags = ['auth'];

  app.post(
    '/v2/captcha/sms/tickets',
    {
      schema: {
        tags,
        summary: 'Start an SMS send: a ticket, and whether a slide captcha must be passed first',
        body: smsTicketBodySchema,
        response: { 200: smsTicketReplySchema, ...errorReplies },
      },
    },
    async (request) => smsCodes.createTicket(request.body.phoneNum, request.body.purpose, request.ip),
  );

  app.post(
    '/v2/captcha/slider/challenges',
    {
      schema: {
        tags,
        summary: 'A slide-captcha challenge for a ticket (answerX only with CAPTCHA_MODE=test)',
        body: z.object({ phoneNum: phoneSchema, ticket: ticketSchema }),
        response: { 200: sliderChallengeSchema, ...errorReplies },
      },
    },
    async (request) => {
      await smsCodes.requireLiveTicket(request.body.ticket, request.body.phoneNum);
      return captcha.createChallenge(request.body.phoneNum, request.body.ticket, request.ip);
    },
  );

  app.post(
    '/v2/captcha/slider/verifications',
    {
      schema: {
        tags,
        summary:
          'Verify where the slider was released and the drag that took it there; a pass gives a single-use validCode',
        body: sliderVerifyBodySchema,
        response: { 200: sliderVerdictSchema, ...errorReplies },
      },
    },
    async (request) => captcha.verify(request.body.challengeId, request.body.x, request.body.track),
  );

  app.post(
    '/v2/captcha/sms/v3/captchas/new',
    {
      schema: {
        tags,
        summary: 'Send the SMS code for a ticket (validCode: the slide captcha result)',
        body: smsSendBodySchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { phoneNum, ticket, validCode } = request.body;
      await smsCodes.sendCode({ phone: phoneNum, ticket, validCode, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/v2/captcha/sms/v3/captchas/new',
    {
      schema: {
        tags,
        summary: 'Check an SMS code without using it up',
        body: smsVerifyBodySchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await smsCodes.checkCode(request.body.phoneNum, request.body.purpose, request.body.captcha);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/member/account/validate',
    {
      schema: {
        tags,
        summary: 'Is this phone registered? Needs a live SMS ticket for the phone; rate-limited',
        body: validateBodySchema,
        response: { 200: validateReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const isRegistered = await auth.isRegistered(request.body.userName, request.body.ticket, clientOf(request));
      return { isRegisted: isRegistered ? ('1' as const) : ('0' as const) };
    },
  );

  app.post(
    '/v2/member/account/register',
    {
      schema: {
        tags,
        summary: 'Register with phone, SMS code and password; answers a login result',
        body: registerBodySchema,
        response: { 201: loginResultSchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, clientOf(request))),
  );

  app.post(
    '/passport/account/smsLogin/v2',
    {
      schema: {
        tags,
        summary: 'Sign in with an SMS code (an unregistered phone is registered on the spot)',
        body: smsLoginBodySchema,
        response: { 200: loginResultSchema, ...errorReplies },
      },
    },
    async (request) => auth.signInBySms(request.body.phoneNum, request.body.smsCode, clientOf(request)),
  );

  app.post(
    '/passport/account/token/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token; a reused one ends the whole sign-in',
        body: refreshBodySchema,
        response: { 200: loginResultSchema, ...errorReplies },
      },
    },
    async (request) => tokens.refresh(request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      // A client that sends only its Bearer header may still name a JSON content type with nothing after it,
      // which the JSON parser refuses: an empty body is no body, and Fastify then leaves it null.
      onRequest: async (request) => {
        const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
        if (!encoding && (length === undefined || length === '0')) delete request.headers['content-type'];
      },
      schema: {
        tags,
        summary: 'End the sign-in named by the refresh token, the access token or the Bearer header',
        body: logoutBodySchema.nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await tokens.signOut({
        refreshToken: request.body?.refreshToken,
        accessToken: request.body?.accessToken ?? bearerToken(request),
      });
      return reply.status(204).send(null);
    },
  );

  if (!config.isProduction) {
    app.get(
      '/dev/sms-outbox',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'The sandbox SMS outbox for one phone, newest first (not in production)',
          querystring: z.object({ phone: phoneSchema }),
          response: { 200: z.array(smsOutboxMessageSchema), ...errorReplies },
        },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(smsOutbox)
          .where(eq(smsOutbox.phone, request.query.phone))
          .orderBy(desc(smsOutbox.createdAt))
          .limit(50);
        return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      },
    );
  }
};
