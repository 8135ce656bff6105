import { loginResultSchema } from '@anxin/shared/auth/login-result';
import {
  qrCodeSchema,
  qrScanSchema,
  qrStatusReplySchema,
  qrUuidBodySchema,
  qrUuidQuerySchema,
} from '@anxin/shared/auth/qr-login';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { API_PREFIX } from '../../platform/http.ts';
import { createQrLoginService } from './qr-login.service.ts';

/** The browser secret of QR login: HttpOnly (no script reads it), SameSite=Strict, sent only to these paths. */
export const QR_COOKIE_NAME = 'anxin_qr';
const QR_COOKIE_PATH = `${API_PREFIX}/passport/account`;
const QR_COOKIE_MAX_AGE_SECONDS = 86_400;

export const qrLoginModule: FastifyPluginAsyncZod = async (app) => {
  const qr = createQrLoginService(app.services);
  const isSecureOrigin = app.services.config.PUBLIC_ORIGIN.startsWith('https:');
  const tags = ['auth'];
  const secretOf = (request: FastifyRequest) => request.cookies[QR_COOKIE_NAME];

  function setSecretCookie(reply: FastifyReply, secret: string) {
    reply.setCookie(QR_COOKIE_NAME, secret, {
      path: QR_COOKIE_PATH,
      maxAge: QR_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecureOrigin,
    });
  }

  app.get(
    '/passport/account/qrCode',
    {
      schema: {
        tags,
        summary: 'A new QR code: {url, uuid}; the asking browser gets its secret as an HttpOnly cookie',
        response: { 200: qrCodeSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const created = await qr.create(clientOf(request), secretOf(request));
      setSecretCookie(reply, created.secret);
      reply.header('cache-control', 'no-store');
      return { url: created.url, uuid: created.uuid };
    },
  );

  app.get(
    '/passport/account/qrCode/status',
    {
      schema: {
        tags,
        summary: 'Status of the code: 0 unscanned, 1 scanned, 2 confirmed, 3 invalid (only for the asking browser)',
        querystring: qrUuidQuerySchema,
        response: { 200: qrStatusReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: await qr.status(request.query.uuid, secretOf(request)) };
    },
  );

  app.get(
    '/passport/account/qrCode/image',
    {
      schema: {
        tags,
        summary: 'The QR image (SVG) of a live code (only for the asking browser)',
        querystring: qrUuidQuerySchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorReplies, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const svg = await qr.image(request.query.uuid, secretOf(request));
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/passport/account/login/qrCode',
    {
      schema: {
        tags,
        summary: 'Sign in with a confirmed code (status 2); a code works once, only for the asking browser',
        body: qrUuidBodySchema,
        response: { 200: loginResultSchema, ...errorReplies },
      },
    },
    async (request) => qr.login(request.body.uuid, secretOf(request), clientOf(request)),
  );

  app.post(
    '/passport/account/qrCode/scan',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'The signed-in member opened the code on a phone: 0 → 1; answers who is asking to sign in',
        body: qrUuidBodySchema,
        response: { 200: qrScanSchema, ...errorReplies, 410: errorBodySchema },
      },
    },
    async (request) => qr.scan(request.body.uuid, request.member.memberId),
  );

  app.post(
    '/passport/account/qrCode/confirm',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: '确认登录: 1 → 2, by the member who scanned',
        body: qrUuidBodySchema,
        response: { 200: qrStatusReplySchema, ...errorReplies, 410: errorBodySchema },
      },
    },
    async (request) => qr.confirm(request.body.uuid, request.member.memberId),
  );

  app.post(
    '/passport/account/qrCode/cancel',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: '取消: the code becomes invalid (3)',
        body: qrUuidBodySchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await qr.cancel(request.body.uuid, request.member.memberId);
      return reply.status(204).send(null);
    },
  );
};
