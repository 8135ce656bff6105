// The chat's limits and rules without zod (chat.contract.ts, which re-exports them, holds the schemas): the
// chat window checks a text as it is typed and loads no zod for it.
import { MSG } from '../common/messages.ts';

/** The longest text message, in characters as a reader counts them (an emoji is one). */
export const CHAT_TEXT_MAX = 500;
/** Messages one sender may send in a minute. */
export const CHAT_SEND_LIMIT_PER_MINUTE = 20;
/** How long a chat token opens the socket (and the HTTP calls) for. */
export const CHAT_TOKEN_TTL_SECONDS = 300;
/** Quick replies one agent may keep. */
export const CHAT_QUICK_REPLY_LIMIT = 50;
/** Messages a history page holds at most. */
export const CHAT_PAGE_SIZE = 30;
/** The mall configuration's `serviceHours`: `HH:mm-HH:mm`, China time (the start before the end, checked apart). */
export const SERVICE_HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

export const CHAT_MESSAGE_KINDS = ['text', 'image', 'order'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
export const CHAT_SENDERS = ['member', 'agent', 'system'] as const;
export const CONVERSATION_STATUSES = ['waiting', 'assigned', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** Who a waiting conversation waits for: customer service, or a pharmacist for a drug question. */
export const CHAT_QUEUES = ['service', 'pharmacist'] as const;
export type ChatQueue = (typeof CHAT_QUEUES)[number];
export const CHAT_RATINGS = ['good', 'ok', 'bad'] as const;
export type ChatRating = (typeof CHAT_RATINGS)[number];
export const CHAT_RATING_LABEL: Record<ChatRating, string> = { good: '满意', ok: '一般', bad: '不满意' };

/** Characters as a reader counts them: code points, so an emoji is one, not two UTF-16 units. */
export const chatTextLength = (text: string) => [...text].length;

/**
 * What is wrong with a text message, or null: empty after trimming, longer than 500 characters, or holding
 * control characters other than a line break (they would not show, or would move what follows).
 */
export function chatTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return MSG.chatTextEmpty;
  if (chatTextLength(trimmed) > CHAT_TEXT_MAX) return MSG.chatTextTooLong;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  if (/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(trimmed)) return MSG.chatTextInvalid;
  return null;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** China has one time zone and no daylight saving: its wall clock is UTC + 8 hours. */
const CHINA_OFFSET_MINUTES = 8 * 60;

/**
 * Whether agents answer at `now` (the configuration's `HH:mm-HH:mm`, China time), and when they are back if
 * not: `backAt` is the start of the hours, today's or tomorrow's ('明天08:00').
 */
export function serviceHoursAt(now: Date, hours: string): { isOpen: boolean; backAt: string | null } {
  const [start, end] = hours.split('-');
  const minute = Math.floor((now.getTime() / 60_000 + CHINA_OFFSET_MINUTES) % (24 * 60));
  if (minute >= minutesOf(start) && minute < minutesOf(end)) return { isOpen: true, backAt: null };
  return { isOpen: false, backAt: minute < minutesOf(start) ? start : `明天${start}` };
}

/** The window's words outside service hours: when agents are back, and that the message is kept. */
export function offHoursNotice(hours: string, backAt: string): string {
  return MSG.chatOffHours.replace('{hours}', hours).replace('{backAt}', backAt);
}
