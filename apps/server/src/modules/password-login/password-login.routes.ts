import { loginResultSchema } from '@anxin/shared/auth/login-result';
import {
  imageCaptchaCheckBodySchema,
  imageCaptchaSchema,
  loginKeySchema,
  passwordLoginBodySchema,
  siteFlagsSchema,
} from '@anxin/shared/auth/password-login.schemas';
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { createPasswordLoginService } from './password-login.service.ts';

/** Password login with one-time RSA keys, the image code, and the site flag that shows the tab. */
export const passwordLoginModule: FastifyPluginAsyncZod = async (app) => {
  // The login posts a form (application/x-www-form-urlencoded); JSON is accepted as well.
  // Registered here, so the parser applies to this module's routes only.
  await app.register(formBody, { bodyLimit: 16 * 1024 });
  const { config } = app.services;
  const passwordLogin = createPasswordLoginService(app.services);
  const tags = ['auth'];

  app.get(
    '/v2/mall/site-flags',
    {
      schema: {
        tags: ['mall-config'],
        summary: 'Switches the pages need first (the 密码登录 tab shows when PASSWORD_LOGIN_ENABLED=1)',
        response: { 200: siteFlagsSchema },
      },
    },
    async () => ({ passwordLoginEnabled: config.PASSWORD_LOGIN_ENABLED === '1' }),
  );

  app.get(
    '/passport/account/login/key',
    {
      schema: {
        tags,
        summary: 'A one-time RSA-OAEP (SHA-256) key: nonceStr is the public key as base64 of its SPKI DER',
        response: { 200: loginKeySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passwordLogin.createKey(request.ip);
    },
  );

  app.post(
    '/passport/account/login/v3',
    {
      schema: {
        tags,
        summary:
          'Password login (form or JSON). 403 1001000003: bind a phone first; 403 MEM0010001: change the password; ' +
          '400 LOGIN_FAILED or CAPTCHA_REQUIRED (then send captchaId and captchaCode)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: passwordLoginBodySchema,
        response: { 200: loginResultSchema, 403: errorBodySchema, ...errorReplies },
      },
    },
    async (request) => passwordLogin.login(request.body, clientOf(request)),
  );

  app.post(
    '/v2/captcha/image/captchas',
    {
      schema: {
        tags,
        summary: 'A new image code: {id, image} (image is a PNG data URL; answer only with CAPTCHA_MODE=test)',
        response: { 201: imageCaptchaSchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await passwordLogin.createImageCaptcha(request.ip)),
  );

  app.put(
    '/v2/captcha/image/captchas',
    {
      schema: {
        tags,
        summary: 'Check an image code without using it up (three wrong answers use it up)',
        body: imageCaptchaCheckBodySchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await passwordLogin.checkImageCaptcha(request.body.id, request.body.code);
      return reply.status(204).send(null);
    },
  );
};
