import {
  CHAT_QUICK_REPLY_LIMIT,
  type ChatQueue,
  chatAgentContextSchema,
  chatAgentSchema,
  chatAnswerSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatInboxItemSchema,
  chatMessageSchema,
  chatQuickReplyCreateSchema,
  chatQuickReplySchema,
  chatReadSchema,
  chatTransferSchema,
  conversationIdParamsSchema,
  conversationSchema,
} from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { CONSOLE_ROUTE, consoleErrorReplies, type StaffPrincipal } from '../../platform/staff-auth.ts';
import { staff } from '../staff/staff.module.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import { chatQuickReplies } from './chat.schema.ts';
import { type ChatAgent, createChatService } from './chat.service.ts';

/** The queues a staff member answers: customer service's, a pharmacist's drug questions, or both (admin). */
export function queuesOf(roles: readonly string[]): ChatQueue[] {
  const isAdmin = roles.includes('admin');
  return [
    ...(isAdmin || roles.includes('service') ? (['service'] as const) : []),
    ...(isAdmin || roles.includes('pharmacist') ? (['pharmacist'] as const) : []),
  ];
}

const agentOf = (principal: StaffPrincipal): ChatAgent => ({
  id: principal.id,
  name: principal.displayName,
  queues: queuesOf(principal.roles),
});

/**
 * The agent's side of the chat (the console, permission chat.agent; docs/CHAT.md): the inbox, taking a
 * conversation, answering, transferring, closing, and beside it the member (masked phone), the page and the
 * last five orders. An agent sees the conversations of their queues and their own; others are 404.
 */
export const chatConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, secrets, sms, log } = app.services;
  const chat = createChatService({
    db,
    clock,
    sms,
    log,
    signer: privateUrlSigner(secrets.fieldKey),
    filesPrefix: config.AVATAR_HOST,
  });
  const agent = { onRequest: app.requireStaff('chat.agent') };
  const route = { ...CONSOLE_ROUTE, params: conversationIdParamsSchema };

  /** Active staff members who answer chats. */
  async function listAgents() {
    const rows = await db.select().from(staff).where(eq(staff.isActive, true)).orderBy(staff.id);
    return rows
      .filter((row) => permissionsOf(row.roles as StaffRole[]).includes('chat.agent'))
      .map((row) => ({ id: row.id, displayName: row.displayName, queues: queuesOf(row.roles) }));
  }

  app.get(
    '/admin/chat/inbox',
    {
      ...agent,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Waiting conversations of the agent’s queues, the longest wait first, then the agent’s own',
        response: { 200: z.array(chatInboxItemSchema), ...consoleErrorReplies },
      },
    },
    async (request) => chat.inbox(agentOf(request.staff)),
  );

  app.get(
    '/admin/chat/agents',
    {
      ...agent,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Staff members who answer chats, with their queues: the targets of a transfer',
        response: { 200: z.array(chatAgentSchema), ...consoleErrorReplies },
      },
    },
    async () => listAgents(),
  );

  app.get(
    '/admin/chat/conversations/:id',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'Beside the conversation: the member (masked phone), the page they were on, their last five orders',
        response: { 200: chatAgentContextSchema, ...consoleErrorReplies },
      },
    },
    async (request) => chat.memberContext(agentOf(request.staff), request.params.id),
  );

  app.get(
    '/admin/chat/conversations/:id/messages',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'The conversation’s messages, newest last, 30 a page (marks them received by the agent)',
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema, ...consoleErrorReplies },
      },
    },
    async (request) => chat.agentHistory(agentOf(request.staff), request.params.id, request.query.before),
  );

  app.post(
    '/admin/chat/conversations/:id/take',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'Takes a waiting conversation of the agent’s queues; 409 when another agent was quicker',
        response: { 200: conversationSchema, ...consoleErrorReplies },
      },
    },
    async (request) => chat.take(agentOf(request.staff), request.params.id),
  );

  app.post(
    '/admin/chat/conversations/:id/messages',
    {
      ...agent,
      schema: {
        ...route,
        summary:
          'Answers in a conversation the agent holds (text, 500 characters); an offline member is texted, at most once an hour',
        body: chatAnswerSchema,
        response: { 201: chatMessageSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const message = await chat.answer(agentOf(request.staff), request.params.id, request.body);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/admin/chat/conversations/:id/read',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'The agent has read the conversation up to message `upTo`',
        body: chatReadSchema,
        response: { 204: z.null(), ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      await chat.agentRead(agentOf(request.staff), request.params.id, request.body.upTo);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/chat/conversations/:id/transfer',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'Hands the conversation to another agent (toStaffId) or back to a queue (service, pharmacist)',
        body: chatTransferSchema,
        response: { 200: conversationSchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      const from = agentOf(request.staff);
      if ('queue' in request.body) return chat.transfer(from, request.params.id, { queue: request.body.queue });
      const { toStaffId } = request.body;
      const [target] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.id, toStaffId), eq(staff.isActive, true)));
      const canAnswer = target && permissionsOf(target.roles as StaffRole[]).includes('chat.agent');
      if (!target || !canAnswer || target.id === from.id) throw badRequest(MSG.chatTransferTargetInvalid, 'toStaffId');
      return chat.transfer(from, request.params.id, { agent: { id: target.id, name: target.displayName } });
    },
  );

  app.post(
    '/admin/chat/conversations/:id/close',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'Ends the conversation the agent holds; the member may rate it from then on',
        response: { 200: conversationSchema, ...consoleErrorReplies },
      },
    },
    async (request) => chat.close(agentOf(request.staff), request.params.id),
  );

  app.get(
    '/admin/chat/quick-replies',
    {
      ...agent,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The agent’s own quick replies (快捷回复), oldest first',
        response: { 200: z.array(chatQuickReplySchema), ...consoleErrorReplies },
      },
    },
    async (request) =>
      db
        .select({ id: chatQuickReplies.id, text: chatQuickReplies.text })
        .from(chatQuickReplies)
        .where(eq(chatQuickReplies.staffId, request.staff.id))
        .orderBy(chatQuickReplies.id),
  );

  app.post(
    '/admin/chat/quick-replies',
    {
      ...agent,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Keeps a quick reply for the agent (the text rules of a message; 50 at most, 409 beyond)',
        body: chatQuickReplyCreateSchema,
        response: { 201: chatQuickReplySchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const staffId = request.staff.id;
      const created = await db.transaction(async (tx) => {
        // One agent's two tabs saving at once must not pass the limit together.
        await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update');
        const [kept] = await tx
          .select({ count: count() })
          .from(chatQuickReplies)
          .where(eq(chatQuickReplies.staffId, staffId));
        if ((kept?.count ?? 0) >= CHAT_QUICK_REPLY_LIMIT) throw conflict(MSG.chatQuickReplyLimit);
        const [row] = await tx
          .insert(chatQuickReplies)
          .values({ staffId, text: request.body.text, createdAt: clock.now() })
          .returning({ id: chatQuickReplies.id, text: chatQuickReplies.text });
        return row;
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/admin/chat/quick-replies/:id',
    {
      ...agent,
      schema: {
        ...route,
        summary: 'Removes one of the agent’s quick replies; another agent’s is 404',
        response: { 204: z.null(), ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const removed = await db
        .delete(chatQuickReplies)
        .where(and(eq(chatQuickReplies.id, request.params.id), eq(chatQuickReplies.staffId, request.staff.id)))
        .returning({ id: chatQuickReplies.id });
      if (removed.length === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
