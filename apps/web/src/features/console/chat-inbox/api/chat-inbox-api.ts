import type {
  ChatAgentContext,
  ChatAgentView,
  ChatHistory,
  ChatInboxItem,
  ChatMessage,
  ChatQuickReply,
  ChatTransfer,
  Conversation,
} from '@anxin/shared/chat/chat.contract';
import { useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '../../../../lib/api-client.ts';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../../api/console-request.ts';

// The agent's calls (docs/CHAT.md, the agent's side): everything under /admin/chat, permission chat.agent.

export const INBOX_QUERY_KEY = [CONSOLE_QUERY_KEY, 'chat', 'inbox'] as const;
export const QUICK_REPLIES_QUERY_KEY = [CONSOLE_QUERY_KEY, 'chat', 'quick-replies'] as const;
export const contextQueryKey = (conversationId: number) =>
  [CONSOLE_QUERY_KEY, 'chat', 'context', conversationId] as const;

const conversationPath = (conversationId: number) => `/chat/conversations/${conversationId}`;

/** Waiting conversations of the agent's queues (the longest wait first), then the agent's own. */
export function useInbox() {
  // The socket asks for it again on every change; the interval only covers a socket that is down.
  return useQuery({
    queryKey: INBOX_QUERY_KEY,
    queryFn: () => consoleRequest<ChatInboxItem[]>('GET', '/chat/inbox'),
    refetchInterval: 60_000,
  });
}

/** Beside the conversation: the member (masked phone), the page, the order or product, the last five orders. */
export function useConversationContext(conversationId: number | null) {
  return useQuery({
    queryKey: contextQueryKey(conversationId ?? 0),
    queryFn: () => consoleRequest<ChatAgentContext>('GET', conversationPath(conversationId ?? 0)),
    enabled: conversationId !== null,
  });
}

/** Those a conversation can be handed to. */
export function useAgents(isEnabled: boolean) {
  return useQuery({
    queryKey: [CONSOLE_QUERY_KEY, 'chat', 'agents'],
    queryFn: () => consoleRequest<ChatAgentView[]>('GET', '/chat/agents'),
    enabled: isEnabled,
  });
}

export function useQuickReplies() {
  return useQuery({
    queryKey: QUICK_REPLIES_QUERY_KEY,
    queryFn: () => consoleRequest<ChatQuickReply[]>('GET', '/chat/quick-replies'),
  });
}

export const fetchConversationPage = (conversationId: number, before?: number) =>
  consoleRequest<ChatHistory>('GET', `${conversationPath(conversationId)}/messages`, { query: { before } });

export const takeConversation = (conversationId: number) =>
  consoleRequest<Conversation>('POST', `${conversationPath(conversationId)}/take`);

export const answerConversation = (conversationId: number, body: { clientId: string; text: string }) =>
  consoleRequest<ChatMessage>('POST', `${conversationPath(conversationId)}/messages`, { body });

export const markConversationRead = (conversationId: number, upTo: number) =>
  consoleRequest<null>('POST', `${conversationPath(conversationId)}/read`, { body: { upTo } });

export const transferConversation = (conversationId: number, to: ChatTransfer) =>
  consoleRequest<Conversation>('POST', `${conversationPath(conversationId)}/transfer`, { body: to });

export const closeConversation = (conversationId: number) =>
  consoleRequest<Conversation>('POST', `${conversationPath(conversationId)}/close`);

export const addQuickReply = (text: string) =>
  consoleRequest<ChatQuickReply>('POST', '/chat/quick-replies', { body: { text } });

export const deleteQuickReply = (id: number) => consoleRequest<null>('DELETE', `/chat/quick-replies/${id}`);

/** A 5-minute token for the agent's socket. */
export const fetchAgentSocketToken = () => consoleRequest<{ token: string; expiresIn: number }>('POST', '/chat/token');

/** The agent's socket on this origin: ws(s)://host/web-gateway/admin/chat/socket?token=&after=. */
export function agentSocketUrl(token: string, after: number): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = `token=${encodeURIComponent(token)}&after=${after}`;
  return `${scheme}//${window.location.host}${API_BASE_PATH}/admin/chat/socket?${query}`;
}
