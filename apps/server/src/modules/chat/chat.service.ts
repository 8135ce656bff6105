import {
  CHAT_INBOX_WAITING_LIMIT,
  CHAT_PAGE_SIZE,
  CHAT_SEND_LIMIT_PER_MINUTE,
  type ChatHistory,
  type ChatMessage,
  type ChatOrderCard,
  type ChatQueue,
  type ChatRating,
  type ChatSend,
  type ChatServiceState,
  type Conversation,
  offHoursNotice,
  serviceHoursAt,
} from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { maskPhone } from '@anxin/shared/common/phone';
import { ORDER_STATUS_NAME } from '@anxin/shared/orders/order-status';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.ts';
import { createInFlightBound } from '../../platform/in-flight-bound.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { members } from '../account/account.module.ts';
import { createMallConfigService } from '../mall/mall.module.ts';
import { findLinesOfOrders, findMemberOrder, type OrderRow, orders } from '../orders/orders.module.ts';
import { type PrivateUrlSigner, resolveOwnUpload } from '../uploads/uploads.module.ts';
import {
  type ChatMessageRow,
  type ConversationRow,
  chatConversations,
  chatMessages,
  chatPresence,
} from './chat.schema.ts';
import { type ChatParty, conversationsOf, partyKeyOf, partyOfConversation } from './chat-party.ts';

/** The NOTIFY channel: every server process hears of every new message and conversation change at commit. */
export const CHAT_CHANNEL = 'chat_events';
/** A notification: the conversation, its party's key, and whether a message came or the conversation changed. */
export type ChatEvent = { c: number; p: string; k: 'message' | 'conversation' };

/** The name a guest or a visitor goes by. */
export const VISITOR_NAME = '访客';
/** An offline member is texted about an answer at most this often per conversation. */
const SMS_INTERVAL_MS = 60 * 60 * 1000;
const ANSWER_SMS = '【安心大药房】客服已回复您的咨询，请打开安心大药房网站，点击“联系客服”查看。';

/** What a conversation is about: set when it starts, brought up to date when the window opens again. */
export type ChatContext = { pageUrl: string; ordersCode?: string; productCode?: string };
/** The staff member answering (module staff's id and display name) and the queues their roles serve. */
export type ChatAgent = { id: number; name: string; queues: readonly ChatQueue[] };

export type ChatServiceDeps = {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  signer: PrivateUrlSigner;
  /** The public files prefix (AVATAR_HOST), so an image sent as its public URL resolves to its upload. */
  filesPrefix: string;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function notify(executor: Executor, event: ChatEvent) {
  await executor.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    status: row.status as Conversation['status'],
    queue: row.queue as ChatQueue,
    agentName: row.agentName,
    pageUrl: row.pageUrl,
    ordersCode: row.ordersCode,
    productCode: row.productCode,
    rating: row.rating as ChatRating | null,
    createdAt: row.createdAt.toISOString(),
    closedAt: iso(row.closedAt),
    memberDeliveredId: row.memberDeliveredId,
    memberReadId: row.memberReadId,
    agentDeliveredId: row.agentDeliveredId,
    agentReadId: row.agentReadId,
  };
}

function orderCardOf(order: OrderRow, lines: { productName: string; productImageUrl: string | null }[]): ChatOrderCard {
  return {
    ordersCode: order.ordersCode,
    statusName: ORDER_STATUS_NAME[order.orderType],
    productName: lines[0]?.productName ?? '',
    productImageUrl: lines[0]?.productImageUrl ?? null,
    lineCount: lines.length,
    sum: order.sum,
    creationDate: order.creationDate.toISOString(),
  };
}

/**
 * Messages this process may be writing at once (a party's message, an agent's answer), most of them waiting for
 * a database connection; past it a message is refused (429 客服消息较多，请稍后再发送; the window offers to send it
 * again) instead of queued. npm run bench:chat at 500 a second: without it the server's heap ran out and it
 * stopped; with it the server refuses about 40 % and delivers the rest (docs/CHAT.md, "Under load").
 */
const boundedWrite = createInFlightBound(256, () => tooManyRequests(MSG.chatBusy));

export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, signer } = deps;
  const mallConfig = createMallConfigService({ db, clock });

  function toMessage(row: ChatMessageRow): ChatMessage {
    return {
      id: row.id,
      conversationId: row.conversationId,
      clientId: row.clientId,
      sender: row.sender as ChatMessage['sender'],
      agentName: row.agentName,
      kind: row.kind as ChatMessage['kind'],
      text: row.text,
      imageUrl:
        row.imageName && row.imageOwnerId !== null ? signer.sign(row.imageName, row.imageOwnerId, clock.now()) : null,
      order: (row.orderCard as ChatOrderCard | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function findPartyConversation(executor: Executor, party: ChatParty, id: number) {
    const [row] = await executor
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), conversationsOf(party)));
    if (!row) throw notFound();
    return row;
  }

  async function latestConversation(executor: Executor, party: ChatParty) {
    const [row] = await executor
      .select()
      .from(chatConversations)
      .where(conversationsOf(party))
      .orderBy(desc(chatConversations.id))
      .limit(1);
    return row;
  }

  /** The party's open conversation, locked for the rest of the transaction; a new one when none is open. */
  async function openConversationFor(tx: Transaction, party: ChatParty, context: ChatContext) {
    // Two first messages at once must not start two conversations: the party's senders take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${partyKeyOf(party)}`}))`);
    const [open] = await tx
      .select()
      .from(chatConversations)
      .where(and(conversationsOf(party), ne(chatConversations.status, 'closed')))
      .orderBy(desc(chatConversations.id))
      .limit(1)
      .for('update');
    if (open) return open;
    const [created] = await tx
      .insert(chatConversations)
      .values({
        memberId: party.kind === 'member' ? party.memberId : null,
        guestLinkId: party.kind === 'guest' ? party.linkId : null,
        visitorHash: party.kind === 'visitor' ? party.visitorHash : null,
        pageUrl: context.pageUrl,
        ordersCode: context.ordersCode ?? null,
        productCode: context.productCode ?? null,
        createdAt: clock.now(),
      })
      .returning();
    return created;
  }

  /** The picture or the order card of a message, checked to be the member's own; text needs nothing. */
  async function attachmentOf(party: ChatParty, body: ChatSend) {
    if (body.kind === 'text') return { text: body.text };
    if (party.kind !== 'member') throw badRequest(MSG.chatSignInToAttach, 'kind');
    if (body.kind === 'image') {
      const name = await resolveOwnUpload(db, party.memberId, body.image, { filesPrefix: deps.filesPrefix });
      if (!name) throw badRequest(MSG.chatImageNotOwn, 'image');
      return { imageName: name, imageOwnerId: party.memberId };
    }
    const order = await findMemberOrder(db, party.memberId, body.ordersCode);
    if (!order) throw badRequest(MSG.chatOrderNotOwn, 'ordersCode');
    return { orderCard: orderCardOf(order, await findLinesOfOrders(db, [order.id])) };
  }

  async function unreadOf(executor: Executor, party: ChatParty) {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          conversationsOf(party),
          ne(chatMessages.sender, 'member'),
          gt(chatMessages.id, chatConversations.memberReadId),
        ),
      );
    return row?.count ?? 0;
  }

  async function isOnline(executor: Executor, party: ChatParty) {
    const [row] = await executor
      .select({ id: chatPresence.id })
      .from(chatPresence)
      .where(and(eq(chatPresence.party, partyKeyOf(party)), gt(chatPresence.expiresAt, clock.now())))
      .limit(1);
    return row !== undefined;
  }

  /** Moves one side's marks forward (never back) and tells both sides when they moved. */
  async function moveMarks(
    executor: Executor,
    conversationId: number,
    side: 'member' | 'agent',
    marks: { deliveredId: number; readId?: number },
  ) {
    const delivered = side === 'member' ? chatConversations.memberDeliveredId : chatConversations.agentDeliveredId;
    const read = side === 'member' ? chatConversations.memberReadId : chatConversations.agentReadId;
    const readId = marks.readId ?? 0;
    const deliveredId = Math.max(marks.deliveredId, readId);
    const changed = await executor
      .update(chatConversations)
      .set({
        [side === 'member' ? 'memberDeliveredId' : 'agentDeliveredId']:
          sql`greatest(${delivered}, ${deliveredId}::bigint)`,
        [side === 'member' ? 'memberReadId' : 'agentReadId']: sql`greatest(${read}, ${readId}::bigint)`,
      })
      .where(and(eq(chatConversations.id, conversationId), or(lt(delivered, deliveredId), lt(read, readId))))
      .returning();
    const [conversation] = changed;
    if (conversation)
      await notify(executor, {
        c: conversation.id,
        p: partyKeyOf(partyOfConversation(conversation)),
        k: 'conversation',
      });
  }

  /** The highest message id of a conversation, so a mark never points past what exists. */
  async function lastMessageId(executor: Executor, conversationId: number) {
    const [row] = await executor
      .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::bigint` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return Number(row?.id ?? 0);
  }

  async function serviceState(): Promise<ChatServiceState> {
    const hours = (await mallConfig.read()).serviceHours;
    const { isOpen, backAt } = serviceHoursAt(clock.now(), hours);
    return { hours, isOpen, backAt, notice: backAt ? offHoursNotice(hours, backAt) : null };
  }

  /** A page of messages in `scope`, oldest first: those before `before`, the latest without it. */
  async function pageOf(scope: SQL, before: number | undefined) {
    const rows = await db
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(and(scope, before === undefined ? undefined : lt(chatMessages.id, before)))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_PAGE_SIZE + 1);
    return {
      content: rows
        .slice(0, CHAT_PAGE_SIZE)
        .reverse()
        .map((row) => toMessage(row.message)),
      hasMore: rows.length > CHAT_PAGE_SIZE,
    };
  }

  /** What an agent may open: a conversation of one of their queues, or one they hold; 404 for the rest. */
  async function findAgentConversation(agent: ChatAgent, conversationId: number) {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
    if (!row || (row.agentId !== agent.id && !agent.queues.includes(row.queue as ChatQueue))) throw notFound();
    return row;
  }

  return {
    toMessage,
    toConversation,
    serviceState,
    isOnline,

    /** What the window opens with: the party's latest conversation (its context brought up to date), unread. */
    async openWindow(party: ChatParty, context: ChatContext) {
      const latest = await latestConversation(db, party);
      let conversation = latest;
      if (latest && latest.status !== 'closed') {
        [conversation] = await db
          .update(chatConversations)
          .set({
            pageUrl: context.pageUrl,
            ordersCode: context.ordersCode ?? latest.ordersCode,
            productCode: context.productCode ?? latest.productCode,
          })
          .where(eq(chatConversations.id, latest.id))
          .returning();
      }
      return {
        conversation: conversation ? toConversation(conversation) : null,
        unread: await unreadOf(db, party),
        service: await serviceState(),
      };
    },

    unread: (party: ChatParty) => unreadOf(db, party),

    /**
     * A message from the party (member, guest or visitor): counted against the limit, its picture or order
     * checked to be the member's own, stored in the party's open conversation (a new one when none is open)
     * and announced at commit. A resend with the same client id answers the stored message (`isNew` false).
     * Outside service hours the message is kept and `notice` says when agents are back.
     */
    async send(party: ChatParty, context: ChatContext, body: ChatSend) {
      return boundedWrite(async () => {
        const now = clock.now();
        await hitLimits(db, now, [
          {
            key: `chat-send:${partyKeyOf(party)}`,
            max: CHAT_SEND_LIMIT_PER_MINUTE,
            windowSeconds: 60,
            message: MSG.chatSendLimit,
          },
        ]);
        const attachment = await attachmentOf(party, body);
        const { row, isNew } = await db.transaction(async (tx) => {
          const conversation = await openConversationFor(tx, party, context);
          const [existing] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversation.id),
                eq(chatMessages.sender, 'member'),
                eq(chatMessages.clientId, body.clientId),
              ),
            );
          if (existing) return { row: existing, isNew: false };
          const [created] = await tx
            .insert(chatMessages)
            .values({
              conversationId: conversation.id,
              sender: 'member',
              clientId: body.clientId,
              kind: body.kind,
              ...attachment,
              createdAt: now,
            })
            .returning();
          await tx
            .update(chatConversations)
            .set({
              waitingSince: conversation.waitingSince ?? now,
              memberDeliveredId: created.id,
              memberReadId: created.id,
            })
            .where(eq(chatConversations.id, conversation.id));
          await notify(tx, { c: conversation.id, p: partyKeyOf(party), k: 'message' });
          return { row: created, isNew: true };
        });
        const service = await serviceState();
        return { message: toMessage(row), notice: service.notice, isNew };
      });
    },

    /**
     * A page of the party's messages, oldest first: those before `before` (the latest without it), of one
     * conversation, or across all of them (the window's history). Another party's conversation is 404.
     */
    async history(party: ChatParty, options: { conversationId?: number; before?: number }) {
      const conversation =
        options.conversationId === undefined
          ? await latestConversation(db, party)
          : await findPartyConversation(db, party, options.conversationId);
      const scope =
        options.conversationId === undefined
          ? conversationsOf(party)
          : eq(chatMessages.conversationId, options.conversationId);
      const page = await pageOf(scope, options.before);
      return { conversation: conversation ? toConversation(conversation) : null, ...page } satisfies ChatHistory;
    },

    /** The party has read its conversation up to `upTo` (which also means received). */
    async markRead(party: ChatParty, conversationId: number, upTo: number) {
      const conversation = await findPartyConversation(db, party, conversationId);
      const readId = Math.min(upTo, await lastMessageId(db, conversationId));
      await moveMarks(db, conversation.id, 'member', { deliveredId: readId, readId });
    },

    /** The party's socket received the conversation's messages up to `upTo`. */
    async markDelivered(side: 'member' | 'agent', conversationId: number, upTo: number) {
      await moveMarks(db, conversationId, side, { deliveredId: upTo });
    },

    /** 满意 / 一般 / 不满意, once, for a closed conversation. */
    async rate(party: ChatParty, conversationId: number, rating: ChatRating) {
      const conversation = await findPartyConversation(db, party, conversationId);
      if (conversation.status !== 'closed') throw conflict(MSG.chatRateOnlyClosed);
      const rated = await db
        .update(chatConversations)
        .set({ rating })
        .where(and(eq(chatConversations.id, conversationId), isNull(chatConversations.rating)))
        .returning({ id: chatConversations.id });
      if (rated.length === 0) throw conflict(MSG.chatAlreadyRated);
    },

    /**
     * A member signed in: the conversations their guest links (links of their own orders) and this browser's
     * visitor cookie started become theirs, history and all.
     */
    async claim(memberId: number, from: { guestLinkIds: number[]; visitorHash?: string }) {
      const sources = [
        from.guestLinkIds.length > 0 ? inArray(chatConversations.guestLinkId, from.guestLinkIds) : undefined,
        from.visitorHash ? eq(chatConversations.visitorHash, from.visitorHash) : undefined,
      ].filter((condition) => condition !== undefined);
      if (sources.length === 0) return;
      await db
        .update(chatConversations)
        .set({ memberId })
        .where(and(isNull(chatConversations.memberId), or(...sources)));
    },

    /** Messages after `afterId` in one conversation, or in all of a party's, oldest first (a socket's catch-up). */
    async messagesAfter(scope: { conversationId: number } | { party: ChatParty }, afterId: number, limit = 500) {
      const rows = await db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(
          and(
            'party' in scope ? conversationsOf(scope.party) : eq(chatMessages.conversationId, scope.conversationId),
            gt(chatMessages.id, afterId),
          ),
        )
        .orderBy(chatMessages.id)
        .limit(limit);
      return rows.map((row) => row.message);
    },

    async conversationById(id: number) {
      const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
      return row;
    },

    /** The conversations of a batch of events (the hub reads them once for every socket). */
    conversationsByIds: (ids: number[]) =>
      db.select().from(chatConversations).where(inArray(chatConversations.id, ids)),

    /** Presence of an open socket: written as it opens, renewed by its heartbeat, removed as it closes. */
    async touchPresence(id: string, party: ChatParty, ttlMs: number) {
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      await db
        .insert(chatPresence)
        .values({ id, party: partyKeyOf(party), expiresAt })
        .onConflictDoUpdate({ target: chatPresence.id, set: { expiresAt } });
      // Rows of crashed processes: gone once expired, whoever passes by.
      await db.delete(chatPresence).where(lt(chatPresence.expiresAt, clock.now()));
    },
    async dropPresence(id: string) {
      await db.delete(chatPresence).where(eq(chatPresence.id, id));
    },

    // The agent's side (the console, permission chat.agent).

    /** Waiting conversations of the agent's queues (oldest wait first), and the agent's own open ones. */
    async inbox(agent: ChatAgent) {
      const [waiting, own] = await Promise.all([
        db
          .select()
          .from(chatConversations)
          .where(
            and(
              eq(chatConversations.status, 'waiting'),
              inArray(chatConversations.queue, [...agent.queues]),
              sql`${chatConversations.waitingSince} is not null`,
            ),
          )
          .orderBy(chatConversations.waitingSince, chatConversations.id)
          .limit(CHAT_INBOX_WAITING_LIMIT),
        db
          .select()
          .from(chatConversations)
          .where(and(eq(chatConversations.status, 'assigned'), eq(chatConversations.agentId, agent.id)))
          .orderBy(sql`${chatConversations.waitingSince} asc nulls last`, chatConversations.id),
      ]);
      const rows = [...waiting, ...own];
      const memberIds = [...new Set(rows.flatMap((row) => (row.memberId === null ? [] : [row.memberId])))];
      const names = new Map(
        memberIds.length === 0
          ? []
          : (
              await db
                .select({ id: members.id, nickname: members.nickname })
                .from(members)
                .where(inArray(members.id, memberIds))
            ).map((member) => [member.id, member.nickname]),
      );
      const now = clock.now().getTime();
      return rows.map((row) => ({
        conversation: toConversation(row),
        partyName: (row.memberId !== null ? names.get(row.memberId) : undefined) ?? VISITOR_NAME,
        partyKind: partyOfConversation(row).kind,
        waitSeconds: row.waitingSince ? Math.max(0, Math.floor((now - row.waitingSince.getTime()) / 1000)) : 0,
      }));
    },

    /**
     * A conversation the agent may see: waiting in one of their queues, or held by them (404 otherwise). Reading
     * it marks it received on the agent's side.
     */
    async agentHistory(agent: ChatAgent, conversationId: number, before?: number) {
      const conversation = await findAgentConversation(agent, conversationId);
      const page = await pageOf(eq(chatMessages.conversationId, conversationId), before);
      const last = page.content.at(-1);
      if (last) await moveMarks(db, conversation.id, 'agent', { deliveredId: last.id });
      return { conversation: toConversation(conversation), ...page };
    },

    /** The agent has read the conversation up to `upTo`. */
    async agentRead(agent: ChatAgent, conversationId: number, upTo: number) {
      const conversation = await findAgentConversation(agent, conversationId);
      const readId = Math.min(upTo, await lastMessageId(db, conversationId));
      await moveMarks(db, conversation.id, 'agent', { deliveredId: readId, readId });
    },

    /** Takes a waiting conversation; 409 when another agent was quicker. */
    async take(agent: ChatAgent, conversationId: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatConversations)
          .set({ status: 'assigned', agentId: agent.id, agentName: agent.name, assignedAt: clock.now() })
          .where(
            and(
              eq(chatConversations.id, conversationId),
              eq(chatConversations.status, 'waiting'),
              inArray(chatConversations.queue, [...agent.queues]),
            ),
          )
          .returning();
        if (!row) {
          const [current] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
          if (!current) throw notFound();
          throw conflict(MSG.chatTakenByOther);
        }
        await notify(tx, { c: row.id, p: partyKeyOf(partyOfConversation(row)), k: 'conversation' });
        return toConversation(row);
      });
    },

    /**
     * The agent's answer, in a conversation they hold. An offline member is texted, at most once an hour per
     * conversation (the SMS goes after the commit: a rolled-back answer texts nobody).
     */
    async answer(agent: ChatAgent, conversationId: number, body: { clientId: string; text: string }) {
      return boundedWrite(async () => {
        const now = clock.now();
        const { row, smsPhone } = await db.transaction(async (tx) => {
          const conversation = await lockAgentConversation(tx, agent, conversationId);
          const [existing] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversationId),
                eq(chatMessages.sender, 'agent'),
                eq(chatMessages.clientId, body.clientId),
              ),
            );
          if (existing) return { row: existing, smsPhone: null };
          const [created] = await tx
            .insert(chatMessages)
            .values({
              conversationId,
              sender: 'agent',
              agentId: agent.id,
              agentName: agent.name,
              clientId: body.clientId,
              kind: 'text',
              text: body.text,
              createdAt: now,
            })
            .returning();
          const party = partyOfConversation(conversation);
          let phone: string | null = null;
          const isSmsDue =
            !conversation.smsSentAt || now.getTime() - conversation.smsSentAt.getTime() >= SMS_INTERVAL_MS;
          if (party.kind === 'member' && isSmsDue && !(await isOnline(tx, party))) {
            const [member] = await tx
              .select({ phone: members.phone })
              .from(members)
              .where(eq(members.id, party.memberId));
            phone = member?.phone ?? null;
          }
          await tx
            .update(chatConversations)
            .set({
              waitingSince: null,
              agentDeliveredId: created.id,
              agentReadId: created.id,
              ...(phone ? { smsSentAt: now } : {}),
            })
            .where(eq(chatConversations.id, conversationId));
          await notify(tx, { c: conversationId, p: partyKeyOf(party), k: 'message' });
          return { row: created, smsPhone: phone };
        });
        if (smsPhone) {
          await deps.sms.send({ phone: smsPhone, content: ANSWER_SMS });
          deps.log.info({ conversationId }, 'chat answer texted');
        }
        return toMessage(row);
      });
    },

    /** Hands the conversation to another agent, or back to a queue (a pharmacist's for a drug question). */
    async transfer(
      agent: ChatAgent,
      conversationId: number,
      to: { agent: Omit<ChatAgent, 'queues'> } | { queue: ChatQueue },
    ) {
      return db.transaction(async (tx) => {
        await lockAgentConversation(tx, agent, conversationId);
        const [row] = await tx
          .update(chatConversations)
          .set(
            'agent' in to
              ? { agentId: to.agent.id, agentName: to.agent.name, assignedAt: clock.now() }
              : { status: 'waiting', queue: to.queue, agentId: null, agentName: null, waitingSince: clock.now() },
          )
          .where(eq(chatConversations.id, conversationId))
          .returning();
        await notify(tx, { c: row.id, p: partyKeyOf(partyOfConversation(row)), k: 'conversation' });
        return toConversation(row);
      });
    },

    /** Ends the conversation; the member may rate it from then on, and a new message starts a new one. */
    async close(agent: ChatAgent, conversationId: number) {
      return db.transaction(async (tx) => {
        await lockAgentConversation(tx, agent, conversationId);
        const [row] = await tx
          .update(chatConversations)
          .set({ status: 'closed', closedAt: clock.now(), waitingSince: null })
          .where(eq(chatConversations.id, conversationId))
          .returning();
        await notify(tx, { c: row.id, p: partyKeyOf(partyOfConversation(row)), k: 'conversation' });
        return toConversation(row);
      });
    },

    /** Beside the conversation: the member (masked phone), the page, the last five orders with their status. */
    async memberContext(agent: ChatAgent, conversationId: number) {
      const conversation = await findAgentConversation(agent, conversationId);
      if (conversation.memberId === null)
        return { conversation: toConversation(conversation), member: null, orders: [] };
      const [member] = await db
        .select({ id: members.id, nickname: members.nickname, phone: members.phone })
        .from(members)
        .where(eq(members.id, conversation.memberId));
      const recent = await db
        .select()
        .from(orders)
        .where(and(eq(orders.memberId, conversation.memberId), isNull(orders.deletedAt), eq(orders.isSplit, false)))
        .orderBy(desc(orders.creationDate), desc(orders.id))
        .limit(5);
      const lines = await findLinesOfOrders(
        db,
        recent.map((order) => order.id),
      );
      return {
        conversation: toConversation(conversation),
        member: member && {
          id: member.id,
          nickname: member.nickname,
          maskedPhone: member.phone ? maskPhone(member.phone) : null,
        },
        orders: recent.map((order) =>
          orderCardOf(
            order,
            lines.filter((line) => line.orderId === order.id),
          ),
        ),
      };
    },
  };

  /** The conversation, locked, when this agent holds it: 404 when missing, 409 when another agent does. */
  async function lockAgentConversation(tx: Transaction, agent: ChatAgent, conversationId: number) {
    const [conversation] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId))
      .for('update');
    if (!conversation) throw notFound();
    if (conversation.status !== 'assigned' || conversation.agentId !== agent.id) throw conflict(MSG.chatTakenByOther);
    return conversation;
  }
}

export type ChatService = ReturnType<typeof createChatService>;
