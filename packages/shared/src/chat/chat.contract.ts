// The online-service chat (docs/CHAT.md): what the member's window and the server say to each other, over
// HTTP and over the socket. The agent's side (the console) reads the same message and conversation shapes.
import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import {
  CHAT_MESSAGE_KINDS,
  CHAT_QUEUES,
  CHAT_RATINGS,
  CHAT_SENDERS,
  CONVERSATION_STATUSES,
  chatTextProblem,
} from './chat.rules.ts';

export * from './chat.rules.ts';

/** Who is chatting: a signed-in member, a guest holding a guest payment link, or a visitor known by a cookie. */
export const CHAT_PARTY_KINDS = ['member', 'guest', 'visitor'] as const;

const ordersCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, { error: MSG.badRequest });
const productCode = ordersCode;

/** `POST /v2/chat/token`: the page the window opened on, and what it was about. */
export const chatTokenRequestSchema = z.object({
  /** The page's path and query (the site's own; an absolute URL is cut to its path). */
  pageUrl: z.string().trim().max(500, { error: MSG.badRequest }),
  /** The order the window was opened from (order detail, order list). */
  ordersCode: ordersCode.optional(),
  /** The product the window was opened from (a product page, a reservation). */
  productCode: productCode.optional(),
  /** The guest payment link's key, on the guest link's pages before sign-in. */
  guestKey: z.string().trim().max(100).optional(),
});
export type ChatTokenRequest = z.infer<typeof chatTokenRequestSchema>;

export const chatServiceStateSchema = z.object({
  /** The configuration's service hours, `HH:mm-HH:mm` China time. */
  hours: z.string(),
  isOpen: z.boolean(),
  /** When agents are back (`08:00`, `明天08:00`); null while they answer. */
  backAt: z.string().nullable(),
  /** What the window shows outside the hours; null while agents answer. */
  notice: z.string().nullable(),
});
export type ChatServiceState = z.infer<typeof chatServiceStateSchema>;

export const chatOrderCardSchema = z.object({
  ordersCode: z.string(),
  statusName: z.string(),
  /** The first line's product, and how many lines the order has. */
  productName: z.string(),
  productImageUrl: z.string().nullable(),
  lineCount: z.number().int(),
  /** The order's total in cents. */
  sum: z.number().int(),
  creationDate: z.string(),
});
export type ChatOrderCard = z.infer<typeof chatOrderCardSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  /** The sender's own id for the message: a resend with the same id is the same message. */
  clientId: z.string(),
  sender: z.enum(CHAT_SENDERS),
  /** The agent's display name on an agent's message. */
  agentName: z.string().nullable(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  /** Plain text: shown as text, never as HTML. */
  text: z.string().nullable(),
  /** A picture: a signed address, valid 10 minutes. */
  imageUrl: z.string().nullable(),
  order: chatOrderCardSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  queue: z.enum(CHAT_QUEUES),
  /** The agent's (or pharmacist's) display name once one took the conversation. */
  agentName: z.string().nullable(),
  pageUrl: z.string(),
  ordersCode: z.string().nullable(),
  productCode: z.string().nullable(),
  rating: z.enum(CHAT_RATINGS).nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Marks of the member's side: the last message id their device received, and read. */
  memberDeliveredId: z.number().int(),
  memberReadId: z.number().int(),
  /** Marks of the agent's side. */
  agentDeliveredId: z.number().int(),
  agentReadId: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The token's reply: the spec's four (name, member id, page URL, token) and what the window starts from. */
export const chatSessionSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  party: z.object({
    kind: z.enum(CHAT_PARTY_KINDS),
    /** The member id; null for a guest or a visitor. */
    memberId: z.number().int().nullable(),
    /** The member's nickname, or 访客. */
    name: z.string(),
  }),
  pageUrl: z.string(),
  /** The party's latest conversation (open, or the last closed one), null before the first message. */
  conversation: conversationSchema.nullable(),
  service: chatServiceStateSchema,
  /** Agents' messages the party has not read yet. */
  unread: z.number().int(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MSG.badRequest })
  .describe('The sender’s own id for the message (a UUID): a resend with the same id answers the same message');

const chatText = z.string().superRefine((text, context) => {
  const problem = chatTextProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A message to send: a text, one of the sender's own uploads, or one of the member's orders. */
export const chatSendSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ clientId, kind: z.literal('text'), text: chatText.transform((text) => text.trim()) }),
    z.object({ clientId, kind: z.literal('image'), image: z.string().trim().min(1).max(600) }),
    z.object({ clientId, kind: z.literal('order'), ordersCode }),
  ],
  { error: MSG.badRequest },
);
export type ChatSend = z.infer<typeof chatSendSchema>;

/** `POST /v2/chat/messages`: the message as stored, and the off-hours notice when agents are away. */
export const chatSendReplySchema = z.object({ message: chatMessageSchema, notice: z.string().nullable() });
export type ChatSendReply = z.infer<typeof chatSendReplySchema>;

/** A page of a conversation, oldest first; `hasMore` when older messages remain (ask with `before`). */
export const chatHistorySchema = z.object({
  /** The conversation paged (for the window's history, the party's latest; null before the first message). */
  conversation: conversationSchema.nullable(),
  content: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatHistoryQuerySchema = z.object({
  before: z.coerce.number({ error: MSG.badRequest }).int({ error: MSG.badRequest }).positive().optional(),
});

export const conversationIdParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.notFound }).int({ error: MSG.notFound }).positive({ error: MSG.notFound }),
});

export const chatReadSchema = z.object({ upTo: z.number().int().min(0) });
export const chatRateSchema = z.object({ rating: z.enum(CHAT_RATINGS, { error: MSG.badRequest }) });

export const chatUnreadSchema = z.object({ count: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/**
 * `GET /v2/chat/socket?token=&after=`: `after`, the last message id the window has (0: none); every later
 * message of the party's conversations is sent first, then each new one as it comes.
 */
export const chatSocketQuerySchema = z.object({
  token: z.string().max(2000),
  after: z.coerce.number().int().min(0).default(0),
});

/** What the window sends over the socket. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('send'), message: z.unknown() }),
  z.object({ type: z.literal('read'), conversationId: z.number().int(), upTo: z.number().int().min(0) }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** What the server sends over the socket. */
export type ChatServerFrame =
  | { type: 'message'; message: ChatMessage }
  | { type: 'conversation'; conversation: Conversation }
  | { type: 'notice'; clientId: string; text: string }
  | { type: 'error'; clientId: string | null; code: string; message: string }
  /** To an agent's socket: notifications may have been missed, read the inbox and the conversation again. */
  | { type: 'resync' };

// The agent's side (the console, docs/CHAT.md).

/** How many waiting conversations the inbox lists, the longest waiting: an agent takes from the top. */
export const CHAT_INBOX_WAITING_LIMIT = 100;

/** A conversation of the agent's inbox: waiting in one of their queues (with the wait), or their own. */
export const chatInboxItemSchema = z.object({
  conversation: conversationSchema,
  /** The member's nickname, or 访客 for a guest or a visitor. */
  partyName: z.string(),
  partyKind: z.enum(CHAT_PARTY_KINDS),
  /** Seconds since the first member message still unanswered; 0 when nobody waits. */
  waitSeconds: z.number().int(),
});
export type ChatInboxItem = z.infer<typeof chatInboxItemSchema>;

/** Beside the conversation: the member (masked phone), the page they were on, their last five orders. */
export const chatAgentContextSchema = z.object({
  conversation: conversationSchema,
  member: z.object({ id: z.number().int(), nickname: z.string(), maskedPhone: z.string().nullable() }).nullable(),
  orders: z.array(chatOrderCardSchema),
});
export type ChatAgentContext = z.infer<typeof chatAgentContextSchema>;

/** An agent's answer: text only. */
export const chatAnswerSchema = z.object({ clientId, text: chatText.transform((text) => text.trim()) });

/** To another agent (a staff id), or back to a queue (a pharmacist's for a drug question). */
export const chatTransferSchema = z.union(
  [z.object({ toStaffId: z.number().int().positive() }), z.object({ queue: z.enum(CHAT_QUEUES) })],
  { error: MSG.chatTransferTargetInvalid },
);
export type ChatTransfer = z.infer<typeof chatTransferSchema>;

/** A staff member who answers chats: a transfer's target. */
export const chatAgentSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  queues: z.array(z.enum(CHAT_QUEUES)),
});
export type ChatAgentView = z.infer<typeof chatAgentSchema>;

/** `POST /admin/chat/token`: the agent's 5-minute token for `GET /admin/chat/socket?token=&after=`. */
export const chatAgentTokenSchema = z.object({ token: z.string(), expiresIn: z.number().int() });

/** An agent's quick reply (快捷回复), kept per agent. */
export const chatQuickReplySchema = z.object({ id: z.number().int(), text: z.string() });
export type ChatQuickReply = z.infer<typeof chatQuickReplySchema>;
export const chatQuickReplyCreateSchema = z.object({ text: chatText.transform((text) => text.trim()) });
