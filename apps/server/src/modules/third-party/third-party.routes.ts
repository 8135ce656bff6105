import { binderBodySchema } from '@anxin/shared/account/account-safety.schemas';
import {
  bindSuccessMessage,
  thirdBindingSchema,
  thirdBindPreviewSchema,
  thirdBindResultSchema,
  thirdBindStartBodySchema,
  thirdBindStartReplySchema,
  thirdTypeOfProvider,
  thirdTypeSchema,
} from '@anxin/shared/account/third-party';
import { loginResultSchema } from '@anxin/shared/auth/login-result';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { createOAuthRegistry } from '../../platform/oauth/oauth-config.ts';
import { networkFetch } from '../../platform/oauth/oauth-provider.ts';
import { createInjectFetch } from '../../platform/oauth/sandbox-oauth.ts';
import { browserSecretFor, readBrowserSecret, setBrowserCookie } from './oauth-browser.ts';
import { sandboxOAuthRoutes } from './sandbox-oauth.routes.ts';
import { createThirdPartyService } from './third-party.service.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The callback's failures are a page, not JSON: the shopper's browser is what arrives here. */
function sendErrorPage(reply: FastifyReply, status: number, message: string) {
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>登录未完成 - 安心大药房</title>
<style>
body{margin:0;background:#f5f5f5;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#262626}
main{max-width:440px;margin:120px auto;background:#fff;border-radius:8px;padding:40px 32px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 12px}p{color:#595959;margin:0 0 28px;line-height:1.6}
a{display:inline-block;background:#12a05c;color:#fff;text-decoration:none;padding:9px 28px;border-radius:6px}
</style></head>
<body><main><h1>登录未完成</h1><p>${escapeHtml(message)}</p><a href="/user/login">返回登录</a></main></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Third-party sign-in (OAuth 2 authorisation code) and the member's third-party bindings. */
export const thirdPartyModule: FastifyPluginAsyncZod = async (app) => {
  const { config, secrets } = app.services;
  const oauth = createOAuthRegistry(config, secrets.jwtSecret, {
    network: networkFetch,
    sandbox: createInjectFetch(app),
  });
  const thirdParty = createThirdPartyService(app.services, oauth);
  const tags = ['third-party'];
  const isSecureOrigin = config.PUBLIC_ORIGIN.startsWith('https:');

  if (oauth.hasSandbox) await app.register(sandboxOAuthRoutes);

  app.get(
    '/passport/oauth2/:thirdType/authorize',
    {
      schema: {
        tags,
        summary:
          'Start a third-party sign-in: 302 to the provider (state and PKCE kept as a row, bound to this browser by ' +
          'an HttpOnly cookie). origin=safe (binding) needs the member’s Bearer token; the safety page uses ' +
          'POST /v2/member/account/thirdBinder/authorizations instead',
        params: z.object({ thirdType: thirdTypeSchema }),
        querystring: z.object({
          backUrl: z.string().max(2000).optional(),
          origin: z.enum(['login', 'safe']).default('login'),
          platform: z.string().max(20).optional(),
          appName: z.string().max(50).optional(),
        }),
        response: { 302: z.null().describe('Location: the provider'), ...errorReplies },
      },
    },
    async (request, reply) => {
      if (request.query.origin === 'safe') await app.requireMember(request);
      const browserSecret = browserSecretFor(request);
      const location = await thirdParty.startAuthorization(request.params.thirdType, request.query, request.ip, {
        browserSecret,
        memberId: request.query.origin === 'safe' ? request.member.memberId : undefined,
      });
      setBrowserCookie(reply, browserSecret, isSecureOrigin);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    '/v2/member/account/thirdBinder/authorizations',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Start binding a third-party account from the safety page: the round trip is bound to this member and ' +
          'this browser (HttpOnly cookie); answers the provider URL the page goes to',
        body: thirdBindStartBodySchema,
        response: { 201: thirdBindStartReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const browserSecret = browserSecretFor(request);
      const url = await thirdParty.startAuthorization(request.body.type, { origin: 'safe' }, request.ip, {
        browserSecret,
        memberId: request.member.memberId,
      });
      setBrowserCookie(reply, browserSecret, isSecureOrigin);
      return reply.status(201).header('cache-control', 'no-store').send({ url });
    },
  );

  app.get(
    '/passport/oauth2/callback/:provider',
    {
      schema: {
        tags,
        summary: 'The provider redirects here: checks the state, exchanges the code, redirects to the page',
        params: z.object({ provider: z.string().max(20) }),
        querystring: z.object({
          code: z.string().max(500).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const thirdType = thirdTypeOfProvider(request.params.provider);
      if (!thirdType) return sendErrorPage(reply, 404, '暂不支持该登录方式');
      const browserSecret = readBrowserSecret(request);
      const outcome = await thirdParty.finishAuthorization(thirdType, request.query, browserSecret);
      if ('redirect' in outcome) {
        // The code or ticket it carries lives on in this browser: the cookie gets a full life again.
        if (browserSecret) setBrowserCookie(reply, browserSecret, isSecureOrigin);
        return reply.header('cache-control', 'no-store').redirect(outcome.redirect, 302);
      }
      request.log.warn({ thirdType, status: outcome.errorStatus }, 'third-party callback refused');
      return sendErrorPage(reply, outcome.errorStatus, outcome.message);
    },
  );

  app.get(
    '/passport/oauth2/result',
    {
      schema: {
        tags,
        summary: 'Trade the one-time code of the callback for the login result (in the browser that started it)',
        querystring: z.object({ code: z.string().min(1).max(200) }),
        response: { 200: loginResultSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return thirdParty.redeemLoginCode(request.query.code, clientOf(request), readBrowserSecret(request));
    },
  );

  app.get(
    '/v2/member/account/thirdBinder',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'The four third-party kinds, bound or not',
        response: { 200: z.array(thirdBindingSchema), ...errorReplies },
      },
    },
    async (request) => thirdParty.listBindings(request.member.memberId),
  );

  app.put(
    '/v2/member/account/binder',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Bind the third-party account of the member’s own safety-page ticket, in the browser of its round trip ' +
          '(loginName = ticket, loginType = type + 1)',
        body: binderBodySchema,
        response: { 200: thirdBindResultSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { loginName, loginType } = request.body;
      const bound = await thirdParty.bind(request.member.memberId, loginName, loginType, readBrowserSecret(request));
      return { ...bound, message: bindSuccessMessage(bound.type) };
    },
  );

  app.post(
    '/v2/member/account/binder/preview',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'What PUT binder would bind, checked the same way and binding nothing: the page asks the member to ' +
          'confirm this account (type, name, the provider’s nickname)',
        body: binderBodySchema,
        response: { 200: thirdBindPreviewSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { loginName, loginType } = request.body;
      return thirdParty.previewBind(request.member.memberId, loginName, loginType, readBrowserSecret(request));
    },
  );

  app.delete(
    '/v2/member/account/thirdBinder',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Unbind a third-party account (refused when the account has no phone)',
        querystring: z.object({ type: thirdTypeSchema }),
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await thirdParty.unbind(request.member.memberId, request.query.type);
      return reply.status(204).send(null);
    },
  );
};
