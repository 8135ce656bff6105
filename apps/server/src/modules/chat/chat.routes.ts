import {
  CHAT_TOKEN_TTL_SECONDS,
  chatAgentTokenSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatRateSchema,
  chatReadSchema,
  chatSendReplySchema,
  chatSendSchema,
  chatSessionSchema,
  chatSocketQuerySchema,
  chatTokenRequestSchema,
  chatUnreadSchema,
  conversationIdParamsSchema,
} from '@anxin/shared/chat/chat.contract';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import websocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { clientOf } from '../../platform/client-info.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, notSignedIn } from '../../platform/errors.ts';
import { API_PREFIX, bearerToken } from '../../platform/http.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { members } from '../account/account.module.ts';
import { findLinkByKey, guestPayLinks } from '../guest-pay/guest-pay.module.ts';
import { findMemberOrder, orders } from '../orders/orders.module.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import { queuesOf } from './chat.console.routes.ts';
import { type ChatAgent, type ChatContext, createChatService, VISITOR_NAME } from './chat.service.ts';
import { createChatHub } from './chat-hub.ts';
import type { ChatParty } from './chat-party.ts';
import { serveAgentSocket, serveMemberSocket } from './chat-socket.ts';
import { createChatTokens } from './chat-token.ts';

/** The visitor's browser: a random value in an HttpOnly cookie, only its hash in the database. */
const VISITOR_COOKIE = 'anxin_chat';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const VISITOR_COOKIE_DAYS = 30;
/** A socket frame is a message of 500 characters at most: 16 KB is plenty. */
const MAX_FRAME_BYTES = 16 * 1024;

/** Query keys that open something by themselves (a guest link's key, an SMS link's key): never kept. */
const SECRET_PAGE_PARAMS = ['key', 'useKey', 'token'];

/**
 * The site's own path of the page the window was opened on (an absolute address is cut to it), without the
 * keys of its address: agents read it, and the keys are stored elsewhere only as hashes.
 */
function pagePathOf(pageUrl: string): string {
  try {
    const url = new URL(pageUrl, 'http://page');
    for (const name of SECRET_PAGE_PARAMS) url.searchParams.delete(name);
    return `${url.pathname}${url.search}`.slice(0, 500);
  } catch {
    return '';
  }
}

/**
 * The online-service chat, the member's side (docs/CHAT.md): a short-lived chat token bound to the member,
 * the guest link or the visitor cookie; the socket that pushes messages live and replays what a reconnect
 * missed; the same conversation over plain HTTP (history, send, read, rating, unread count).
 */
export const chatModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, secrets, sms, listen, log } = app.services;
  const chat = createChatService({
    db,
    clock,
    sms,
    log,
    signer: privateUrlSigner(secrets.fieldKey),
    filesPrefix: config.AVATAR_HOST,
  });
  const chatTokens = createChatTokens(secrets.jwtSecret, () => clock.now());
  const hub = createChatHub({ listen, readConversations: chat.conversationsByIds, log });
  await hub.start();
  app.addHook('onClose', () => hub.close());
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const isSecureOrigin = config.PUBLIC_ORIGIN.startsWith('https:');

  /** The party of a call: a chat token, or a member's own access token. */
  async function partyOf(request: FastifyRequest): Promise<{ party: ChatParty; context: ChatContext }> {
    const token = bearerToken(request);
    if (!token) throw notSignedIn();
    const claims = await chatTokens.verify(token);
    if (claims) return claims;
    const member = await app.services.tokens.verifyAccessToken(token);
    return { party: { kind: 'member', memberId: member.memberId }, context: { pageUrl: '' } };
  }

  function visitorOf(request: FastifyRequest, reply: FastifyReply): string {
    const current = request.cookies[VISITOR_COOKIE];
    if (current && VISITOR_PATTERN.test(current)) return sha256(current);
    const value = randomToken(32);
    reply.setCookie(VISITOR_COOKIE, value, {
      path: `${API_PREFIX}/v2/chat`,
      maxAge: VISITOR_COOKIE_DAYS * 86_400,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureOrigin,
    });
    return sha256(value);
  }

  app.post(
    '/v2/chat/token',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Opens the chat window: a 5-minute chat token bound to the signed-in member (Bearer), the guest link ' +
          '(guestKey) or this browser (cookie anxin_chat, set when missing), the party’s name and member id, the ' +
          'page, the latest conversation, service hours and unread count. A member’s sign-in claims the ' +
          'conversations of this browser and of the guest links of their orders; a member with the guestKey of ' +
          'their own order’s link chats about that order',
        body: chatTokenRequestSchema,
        response: { 200: chatSessionSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { guestKey } = request.body;
      const accessToken = bearerToken(request);
      const now = clock.now();
      const context: ChatContext = { pageUrl: pagePathOf(request.body.pageUrl) };
      let party: ChatParty;
      let name = VISITOR_NAME;
      if (accessToken) {
        const { memberId } = await app.services.tokens.verifyAccessToken(accessToken);
        party = { kind: 'member', memberId };
        const [member] = await db.select({ nickname: members.nickname }).from(members).where(eq(members.id, memberId));
        name = member?.nickname ?? VISITOR_NAME;
        if (request.body.ordersCode && (await findMemberOrder(db, memberId, request.body.ordersCode)))
          context.ordersCode = request.body.ordersCode;
        const ownLinks = await db
          .select({ id: guestPayLinks.id, keyHash: guestPayLinks.keyHash, ordersCode: orders.ordersCode })
          .from(guestPayLinks)
          .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
          .where(eq(orders.memberId, memberId));
        // Signed in on the guest link's pages: the window is about the link's order when the order is theirs.
        const keyHash = guestKey ? sha256(guestKey) : undefined;
        context.ordersCode ??= ownLinks.find((link) => link.keyHash === keyHash)?.ordersCode;
        const cookie = request.cookies[VISITOR_COOKIE];
        await chat.claim(memberId, {
          guestLinkIds: ownLinks.map((link) => link.id),
          visitorHash: cookie && VISITOR_PATTERN.test(cookie) ? sha256(cookie) : undefined,
        });
      } else {
        // Anonymous windows cost a token each: counted per address like the other anonymous calls.
        await hitLimits(db, now, [{ key: `chat-token:${clientOf(request).ip}`, max: 60, windowSeconds: 600 }]);
        const link = guestKey ? await findLinkByKey(db, guestKey) : undefined;
        if (guestKey && (!link || link.link.expiresAt <= now))
          throw new AppError(404, ErrorCode.notFound, MSG.notFound);
        if (link) {
          party = { kind: 'guest', linkId: link.link.id };
          context.ordersCode = link.order.ordersCode;
        } else {
          party = { kind: 'visitor', visitorHash: visitorOf(request, reply) };
        }
      }
      context.productCode = request.body.productCode;
      const window = await chat.openWindow(party, context);
      return {
        token: await chatTokens.sign({ party, name, context }),
        expiresIn: CHAT_TOKEN_TTL_SECONDS,
        party: { kind: party.kind, memberId: party.kind === 'member' ? party.memberId : null, name },
        pageUrl: context.pageUrl,
        ...window,
      };
    },
  );

  const sessions = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof chatTokens.verify>>>();
  app.get(
    '/v2/chat/socket',
    {
      websocket: true,
      schema: { hide: true, querystring: chatSocketQuerySchema },
      // Refused before the upgrade: a bad token gets a plain 401, never a socket.
      preValidation: async (request) => {
        const { token } = request.query as { token?: string };
        const claims = token ? await chatTokens.verify(token) : undefined;
        if (!claims) throw new AppError(401, ErrorCode.notSignedIn, MSG.chatTokenInvalid);
        sessions.set(request, claims);
      },
    },
    (socket, request) => {
      const claims = sessions.get(request);
      if (!claims) return socket.close(4401, 'unauthorized');
      const { after } = request.query as z.infer<typeof chatSocketQuerySchema>;
      serveMemberSocket(socket, { party: claims.party, context: claims.context, after }, { chat, hub, log });
    },
  );

  // The agent's socket lives here too: the WebSocket plugin is registered once, in this plugin.
  app.post(
    '/admin/chat/token',
    {
      onRequest: app.requireStaff('chat.agent'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'A 5-minute token for the agent’s socket (GET /admin/chat/socket?token=&after=)',
        response: { 200: chatAgentTokenSchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      const { id, displayName, roles } = request.staff;
      const token = await chatTokens.signAgent({ id, name: displayName, queues: queuesOf(roles) });
      return { token, expiresIn: CHAT_TOKEN_TTL_SECONDS };
    },
  );

  const agents = new WeakMap<FastifyRequest, ChatAgent>();
  app.get(
    '/admin/chat/socket',
    {
      websocket: true,
      schema: { hide: true, querystring: chatSocketQuerySchema },
      preValidation: async (request) => {
        const { token } = request.query as { token?: string };
        const agent = token ? await chatTokens.verifyAgent(token) : undefined;
        if (!agent) throw new AppError(401, ErrorCode.notSignedIn, MSG.chatTokenInvalid);
        agents.set(request, agent);
      },
    },
    (socket, request) => {
      const agent = agents.get(request);
      if (!agent) return socket.close(4401, 'unauthorized');
      const { after } = request.query as z.infer<typeof chatSocketQuerySchema>;
      serveAgentSocket(socket, { agent, after }, { chat, hub, log });
    },
  );

  app.get(
    '/v2/chat/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'The window’s history: the party’s messages across its conversations, newest last, 30 a page',
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { party } = await partyOf(request);
      return chat.history(party, { before: request.query.before });
    },
  );

  app.get(
    '/v2/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'One of the party’s conversations, newest last, 30 a page; another party’s is 404',
        params: conversationIdParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { party } = await partyOf(request);
      return chat.history(party, { conversationId: request.params.id, before: request.query.before });
    },
  );

  app.post(
    '/v2/chat/messages',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Sends a message (the socket’s fallback): text of up to 500 characters, one of the member’s own uploads, ' +
          'or one of the member’s orders; 20 a minute. 201 stored, 200 for a resend of the same clientId; ' +
          '`notice` says when agents are back outside service hours (the message is kept)',
        body: chatSendSchema,
        response: { 200: chatSendReplySchema, 201: chatSendReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { party, context } = await partyOf(request);
      const { message, notice, isNew } = await chat.send(party, context, request.body);
      return reply.code(isNew ? 201 : 200).send({ message, notice });
    },
  );

  app.post(
    '/v2/chat/conversations/:id/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'The party has read the conversation up to message `upTo`',
        params: conversationIdParamsSchema,
        body: chatReadSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { party } = await partyOf(request);
      await chat.markRead(party, request.params.id, request.body.upTo);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/chat/conversations/:id/rating',
    {
      schema: {
        tags: ['chat'],
        summary: '满意 / 一般 / 不满意 for a closed conversation, once',
        params: conversationIdParamsSchema,
        body: chatRateSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { party } = await partyOf(request);
      await chat.rate(party, request.params.id, request.body.rating);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v2/chat/unread',
    {
      schema: {
        tags: ['chat'],
        summary:
          'How many agents’ messages the party has not read (the badge on 联系客服); for a member, first claims ' +
          'the conversations of this browser’s cookie',
        response: { 200: chatUnreadSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { party } = await partyOf(request);
      // A member signed in after asking as a visitor: the answers to those questions count at once, not only
      // once the window is opened again.
      const cookie = request.cookies[VISITOR_COOKIE];
      if (party.kind === 'member' && cookie && VISITOR_PATTERN.test(cookie))
        await chat.claim(party.memberId, { guestLinkIds: [], visitorHash: sha256(cookie) });
      return { count: await chat.unread(party) };
    },
  );
};
