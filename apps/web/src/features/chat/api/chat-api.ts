import type {
  ChatHistory,
  ChatMessage,
  ChatRating,
  ChatSend,
  ChatSendReply,
  ChatSession,
  ChatTokenRequest,
  ChatUnread,
} from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { API_BASE_PATH, apiRequest, buildApiUrl } from '../../../lib/api-client.ts';

/**
 * The window's calls. Opening it goes as the member (their access token, when signed in) or as this browser
 * (the chat cookie): `POST /v2/chat/token`. Everything after carries the 5-minute chat token it answered, so
 * a guest and a visitor chat the same way as a member; a 401 means "open again" (a new token), never a
 * sign-out.
 */
export const openChatSession = (request: ChatTokenRequest) =>
  apiRequest<ChatSession>('POST', '/v2/chat/token', { body: request });

export const fetchUnread = () => apiRequest<ChatUnread>('GET', '/v2/chat/unread');

/** A failed chat call: its status and the server's Chinese message. */
export class ChatCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function chatCall<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path), {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ChatCallError(0, MSG.networkPoor);
  }
  const json = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok)
    throw new ChatCallError(response.status, (json as { message?: string } | null)?.message ?? MSG.networkPoor);
  return json as T;
}

export const fetchHistory = (token: string, before?: number) =>
  chatCall<ChatHistory>(token, 'GET', `/v2/chat/messages${before ? `?before=${before}` : ''}`);

export const sendOverHttp = (token: string, message: ChatSend) =>
  chatCall<ChatSendReply>(token, 'POST', '/v2/chat/messages', message);

export const rateConversation = (token: string, conversationId: number, rating: ChatRating) =>
  chatCall<null>(token, 'POST', `/v2/chat/conversations/${conversationId}/rating`, { rating });

/** A picture for the chat: the member's own upload, kept private (a signed address shows it). */
export function uploadChatImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ url: string }>('POST', '/v2/upload', { query: { module: 'private' }, body: form });
}

/** The socket's address on this origin: ws(s)://host/web-gateway/v2/chat/socket?token=&after=. */
export function socketUrl(token: string, after: number): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = `token=${encodeURIComponent(token)}&after=${after}`;
  return `${scheme}//${window.location.host}${API_BASE_PATH}/v2/chat/socket?${query}`;
}

export type { ChatMessage };
