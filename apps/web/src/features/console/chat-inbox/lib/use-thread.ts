import type { ChatMessage, Conversation } from '@anxin/shared/chat/chat.contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { fetchConversationPage } from '../api/chat-inbox-api.ts';
import { mergeMessages } from './inbox-rules.ts';

export type Thread = {
  conversation: Conversation | null;
  messages: ChatMessage[];
  hasMore: boolean;
  isLoading: boolean;
  error: string | null;
};

const EMPTY: Thread = { conversation: null, messages: [], hasMore: false, isLoading: false, error: null };

/**
 * One conversation as the agent reads it: its latest page first (newest last), older pages on demand, the
 * socket's messages and conversation changes merged in, each message once. `refresh` reads the latest page
 * again (a waiting conversation's messages, and whatever a lost socket missed).
 */
export function useThread(conversationId: number | null, onMessages: (messages: readonly ChatMessage[]) => void) {
  const [thread, setThread] = useState<Thread>(EMPTY);
  const idRef = useRef(conversationId);
  idRef.current = conversationId;
  const onMessagesRef = useRef(onMessages);
  onMessagesRef.current = onMessages;

  const receive = useCallback((incoming: readonly ChatMessage[]) => {
    const own = incoming.filter((message) => message.conversationId === idRef.current);
    if (own.length === 0) return;
    onMessagesRef.current(own);
    setThread((current) => ({ ...current, messages: mergeMessages(current.messages, own) }));
  }, []);

  const setConversation = useCallback((conversation: Conversation) => {
    if (conversation.id !== idRef.current) return;
    setThread((current) => ({ ...current, conversation }));
  }, []);

  const refresh = useCallback(async () => {
    const id = idRef.current;
    if (id === null) return;
    try {
      const page = await fetchConversationPage(id);
      if (id !== idRef.current) return;
      onMessagesRef.current(page.content);
      setThread((current) => ({
        ...current,
        conversation: page.conversation,
        messages: mergeMessages(current.messages, page.content),
        // Paging back goes on from the first page; later reads only bring what is new.
        hasMore: current.isLoading ? page.hasMore : current.hasMore,
        isLoading: false,
        error: null,
      }));
    } catch (error) {
      if (id === idRef.current)
        setThread((current) => ({ ...current, isLoading: false, error: getErrorMessage(error) }));
    }
  }, []);

  const loadOlder = useCallback(async () => {
    const id = idRef.current;
    const first = thread.messages[0];
    if (id === null || !first) return;
    try {
      const page = await fetchConversationPage(id, first.id);
      if (id !== idRef.current) return;
      setThread((current) => ({
        ...current,
        messages: mergeMessages(current.messages, page.content),
        hasMore: page.hasMore,
      }));
    } catch (error) {
      setThread((current) => ({ ...current, error: getErrorMessage(error) }));
    }
  }, [thread.messages]);

  useEffect(() => {
    setThread(conversationId === null ? EMPTY : { ...EMPTY, isLoading: true });
    if (conversationId !== null) void refresh();
  }, [conversationId, refresh]);

  return { thread, receive, setConversation, refresh, loadOlder };
}
