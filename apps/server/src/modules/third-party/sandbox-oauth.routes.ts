import { createHash } from 'node:crypto';
import {
  sandboxConsentReplySchema,
  sandboxIdentitySchema,
  sandboxOAuthErrorSchema,
  sandboxTokenReplySchema,
  sandboxUserInfoSchema,
} from '@anxin/shared/account/sandbox-oauth.contract';
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/http.ts';
import { appendQuery } from '../../platform/oauth/oauth2-provider.ts';
import { oauthCallbackPath, sandboxClientId, sandboxClientSecret } from '../../platform/oauth/sandbox-oauth.ts';
import * as repo from './third-party.repository.ts';

const SANDBOX_CODE_TTL_SECONDS = 300;
const SANDBOX_TOKEN_TTL_SECONDS = 3600;
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

const providerParams = z.object({ provider: z.enum(THIRD_PARTY_PROVIDERS) });

/**
 * The sandbox provider (outside production): the consent page's calls, and the token and user-info endpoints
 * that the OAuth adapter calls exactly as it calls a real provider (form POST, Bearer token, RFC 6749 errors).
 */
export const sandboxOAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, secrets } = app.services;
  const tags = ['sandbox'];

  if (!app.hasContentTypeParser(FORM_CONTENT_TYPE)) {
    app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  /** The client is ours and asks to come back to our own callback (a real provider checks both too). */
  function checkClient(provider: ThirdPartyProvider, clientId: string, redirectUri: string) {
    if (clientId !== sandboxClientId(provider)) throw badRequest('client_id 无效', 'client_id');
    if (redirectUri !== oauthCallbackPath(provider))
      throw badRequest('redirect_uri 与登记的回调地址不一致', 'redirect_uri');
  }

  app.get(
    '/sandbox/oauth/:provider/identities',
    {
      schema: {
        tags,
        summary: 'Sandbox provider: its test identities',
        params: providerParams,
        response: { 200: z.array(sandboxIdentitySchema), ...errorReplies },
      },
    },
    async (request) => {
      const rows = await repo.listSandboxIdentities(db, request.params.provider);
      return rows.map(({ id, openId, nickname, avatar }) => ({ id, openId, nickname, avatar }));
    },
  );

  app.post(
    '/sandbox/oauth/:provider/identities',
    {
      schema: {
        tags,
        summary: 'Sandbox provider: create a test identity',
        params: providerParams,
        body: z.object({
          nickname: z
            .string({ error: MSG.sandboxNicknameInvalid })
            .trim()
            .min(1, { error: MSG.sandboxNicknameInvalid })
            .max(20, { error: MSG.sandboxNicknameInvalid }),
        }),
        response: { 201: sandboxIdentitySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const created = await repo.insertSandboxIdentity(db, {
        provider: request.params.provider,
        openId: `${request.params.provider}_${randomToken(12)}`,
        nickname: request.body.nickname,
        avatar: null,
        createdAt: clock.now(),
      });
      const { id, openId, nickname, avatar } = created;
      return reply.status(201).send({ id, openId, nickname, avatar });
    },
  );

  app.post(
    '/sandbox/oauth/:provider/decisions',
    {
      schema: {
        tags,
        summary: 'Sandbox provider: the shopper approves (with an identity) or refuses; answers where to go back',
        params: providerParams,
        body: z.object({
          client_id: z.string().max(100),
          redirect_uri: z.string().max(500),
          state: z.string().min(1).max(200),
          code_challenge: z.string().max(200).optional(),
          code_challenge_method: z.enum(['S256']).optional(),
          approve: z.boolean(),
          identityId: z.number().int().optional(),
        }),
        response: { 200: sandboxConsentReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { provider } = request.params;
      const body = request.body;
      checkClient(provider, body.client_id, body.redirect_uri);
      if (!body.approve) {
        return { redirectUrl: appendQuery(body.redirect_uri, { error: 'access_denied', state: body.state }) };
      }
      const identity = body.identityId ? await repo.findSandboxIdentity(db, provider, body.identityId) : undefined;
      if (!identity) throw notFound();
      const code = randomToken(24);
      const now = clock.now();
      await repo.insertSandboxCode(db, {
        codeHash: sha256(code),
        provider,
        identityId: identity.id,
        clientId: body.client_id,
        redirectUri: body.redirect_uri,
        codeChallenge: body.code_challenge ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_SECONDS * 1000),
      });
      return { redirectUrl: appendQuery(body.redirect_uri, { code, state: body.state }) };
    },
  );

  app.post(
    '/sandbox/oauth/:provider/token',
    {
      schema: {
        tags,
        summary: 'Sandbox provider: token endpoint (authorization_code grant, client secret, PKCE S256)',
        params: providerParams,
        body: z.object({
          grant_type: z.string().max(50),
          code: z.string().max(200),
          redirect_uri: z.string().max(500),
          client_id: z.string().max(100),
          client_secret: z.string().max(200),
          code_verifier: z.string().max(200).optional(),
        }),
        response: {
          200: sandboxTokenReplySchema,
          400: sandboxOAuthErrorSchema,
          401: sandboxOAuthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const body = request.body;
      reply.header('cache-control', 'no-store');
      const expectedSecret = sandboxClientSecret(provider, secrets.jwtSecret);
      if (body.client_id !== sandboxClientId(provider) || !safeEqual(body.client_secret, expectedSecret)) {
        return reply.status(401).send({ error: 'invalid_client' });
      }
      if (body.grant_type !== 'authorization_code') return reply.status(400).send({ error: 'unsupported_grant_type' });
      const now = clock.now();
      const codeHash = sha256(body.code);
      const row = await repo.claimSandboxCode(db, provider, codeHash, now);
      if (!row || row.redirectUri !== body.redirect_uri || row.clientId !== body.client_id) {
        return reply
          .status(400)
          .send({ error: 'invalid_grant', error_description: 'code is invalid, used or expired' });
      }
      if (row.codeChallenge) {
        const computed = body.code_verifier ? createHash('sha256').update(body.code_verifier).digest('base64url') : '';
        if (!safeEqual(computed, row.codeChallenge)) {
          return reply.status(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
      }
      const accessToken = randomToken(32);
      await repo.setSandboxAccessToken(
        db,
        codeHash,
        sha256(accessToken),
        new Date(now.getTime() + SANDBOX_TOKEN_TTL_SECONDS * 1000),
      );
      const identity = await repo.findSandboxIdentity(db, provider, row.identityId);
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: SANDBOX_TOKEN_TTL_SECONDS,
        openid: identity?.openId ?? '',
      };
    },
  );

  app.get(
    '/sandbox/oauth/:provider/userinfo',
    {
      schema: {
        tags,
        summary: 'Sandbox provider: the profile of the access token (Bearer, or ?access_token=)',
        params: providerParams,
        querystring: z.object({ access_token: z.string().max(200).optional() }).passthrough(),
        response: {
          200: sandboxUserInfoSchema,
          401: sandboxOAuthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request) ?? request.query.access_token;
      const identity = token
        ? await repo.findSandboxTokenIdentity(db, request.params.provider, sha256(token), clock.now())
        : undefined;
      if (!identity) return reply.status(401).send({ error: 'invalid_token' });
      return { openid: identity.openId, nickname: identity.nickname, avatar: identity.avatar };
    },
  );
};
