import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import { guestPayLinks } from '../guest-pay/guest-pay.schema.ts';
import { staff } from '../staff/staff.schema.ts';

/**
 * Conversations of the online-service chat (docs/CHAT.md). A conversation belongs to a member, or before sign-in
 * to a guest payment link or a visitor's browser cookie (its SHA-256); signing in claims the last two for the
 * member. Open while waiting (for an agent of its queue) or assigned (to an agent, a staff id); closed by the
 * agent, then rated by the member. The four marks are message ids: how far each side's device received and
 * read the conversation.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    guestLinkId: bigint({ mode: 'number' }).references(() => guestPayLinks.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the visitor cookie's value. */
    visitorHash: text(),
    status: text().notNull().default('waiting'),
    queue: text().notNull().default('service'),
    /** The staff member who took it (staff ids, module staff). */
    agentId: bigint({ mode: 'number' }),
    /** The agent's display name as the member sees it. */
    agentName: text(),
    /** Where the window was opened, and what about. */
    pageUrl: text().notNull(),
    ordersCode: text(),
    productCode: text(),
    rating: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The first member message still unanswered (the inbox's wait time); null when nobody waits. */
    waitingSince: timestamp({ withTimezone: true }),
    assignedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** The last SMS telling an offline member of an answer: at most one an hour per conversation. */
    smsSentAt: timestamp({ withTimezone: true }),
    memberDeliveredId: bigint({ mode: 'number' }).notNull().default(0),
    memberReadId: bigint({ mode: 'number' }).notNull().default(0),
    agentDeliveredId: bigint({ mode: 'number' }).notNull().default(0),
    agentReadId: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('chat_conversations_member_idx').on(t.memberId, t.id),
    index('chat_conversations_guest_idx').on(t.guestLinkId).where(sql`${t.guestLinkId} is not null`),
    index('chat_conversations_visitor_idx').on(t.visitorHash).where(sql`${t.visitorHash} is not null`),
    index('chat_conversations_inbox_idx').on(t.queue, t.waitingSince).where(sql`${t.status} = 'waiting'`),
    index('chat_conversations_agent_idx').on(t.agentId).where(sql`${t.status} = 'assigned'`),
    check(
      'chat_conversations_party',
      sql`${t.memberId} is not null or ${t.guestLinkId} is not null or ${t.visitorHash} is not null`,
    ),
    check('chat_conversations_status', sql`${t.status} in ('waiting', 'assigned', 'closed')`),
    check('chat_conversations_queue', sql`${t.queue} in ('service', 'pharmacist')`),
    check('chat_conversations_rating', sql`${t.rating} is null or ${t.rating} in ('good', 'ok', 'bad')`),
    check('chat_conversations_assigned', sql`${t.status} <> 'assigned' or ${t.agentId} is not null`),
  ],
);

/**
 * The messages, rows first and then pushed (a NOTIFY at commit tells every server process). Text is kept as
 * the sender typed it (trimmed) and only ever shown as text; a picture is one of the member's uploads (its
 * storage name); an order card is a snapshot of one of the member's orders. `clientId` makes a resend the same
 * message.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text().notNull(),
    agentId: bigint({ mode: 'number' }),
    agentName: text(),
    clientId: text().notNull(),
    kind: text().notNull(),
    text: text(),
    imageName: text(),
    /** The upload's owner, whose signature opens the picture. */
    imageOwnerId: bigint({ mode: 'number' }),
    orderCard: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_key').on(t.conversationId, t.sender, t.clientId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_sender', sql`${t.sender} in ('member', 'agent', 'system')`),
    check('chat_messages_kind', sql`${t.kind} in ('text', 'image', 'order')`),
    check(
      'chat_messages_body',
      sql`(${t.kind} = 'text' and ${t.text} is not null) or (${t.kind} = 'image' and ${t.imageName} is not null) or (${t.kind} = 'order' and ${t.orderCard} is not null)`,
    ),
  ],
);

/**
 * Open sockets, one row each, so that any server process can tell whether a member is online (an answer to an
 * offline member is texted). Kept alive by the socket's heartbeat; a crashed process's rows simply expire.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    id: text().primaryKey(),
    /** `m:<member id>`, `g:<link id>` or `v:<cookie hash>`. */
    party: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('chat_presence_party_idx').on(t.party, t.expiresAt)],
);

/** An agent's quick replies (快捷回复): texts they keep to answer with in one click, their own only. */
export const chatQuickReplies = pgTable(
  'chat_quick_replies',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint({ mode: 'number' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('chat_quick_replies_staff_idx').on(t.staffId, t.id)],
);

export type ConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
