import type { ChatInboxItem, ChatMessage, ChatServerFrame } from '@anxin/shared/chat/chat.contract';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useStaff } from '../../lib/use-staff.ts';
import { agentSocketUrl, fetchAgentSocketToken, INBOX_QUERY_KEY, useInbox } from '../api/chat-inbox-api.ts';
import { connectLiveSocket } from '../lib/live-socket.ts';
import { useThread } from '../lib/use-thread.ts';
import { ConversationPane } from './conversation-pane.tsx';
import { InboxList } from './inbox-list.tsx';
import { MemberContext } from './member-context.tsx';
import '../chat-inbox.css';

/** Three panes (list, conversation, the member beside it) from here; two below; one at a time on a phone. */
const WIDE_QUERY = '(min-width: 1280px)';
const PHONE_QUERY = '(max-width: 767px)';

/** The clock of the live waits, ticking each second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function selectedIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * 在线客服 (docs/CHAT.md, the agent's side): the inbox, the conversation and the member beside it, live. The
 * agent's socket tells of every change to the conversations of their queues and their own, and brings the
 * messages of those they hold; after a loss it opens again with the last message id the page has, and the
 * page reads its inbox and conversation again. Answers go over HTTP.
 */
export function ChatInboxPage() {
  const staff = useStaff().data;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const selectedId = selectedIdOf(searchParams.get('id'));
  const isWide = useMediaQuery(WIDE_QUERY);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const inbox = useInbox();
  const now = useNow();
  const [isConnected, setIsConnected] = useState(false);
  const [withNews, setWithNews] = useState<ReadonlySet<number>>(new Set());
  const [isContextOpen, setIsContextOpen] = useState(false);
  const lastIdRef = useRef(0);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  const noteMessages = useCallback((messages: readonly ChatMessage[]) => {
    for (const message of messages) lastIdRef.current = Math.max(lastIdRef.current, message.id);
  }, []);
  const { thread, ...threadActions } = useThread(selectedId, noteMessages);

  const onFrame = (frame: ChatServerFrame) => {
    if (frame.type === 'conversation') {
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
      if (frame.conversation.id !== selectedRef.current) return;
      threadActions.setConversation(frame.conversation);
      // The socket brings the messages of conversations the agent holds; a waiting one's are read here.
      if (frame.conversation.status === 'waiting') void threadActions.refresh();
    } else if (frame.type === 'message') {
      noteMessages([frame.message]);
      if (frame.message.conversationId === selectedRef.current) threadActions.receive([frame.message]);
      else if (frame.message.sender === 'member')
        setWithNews((current) => new Set(current).add(frame.message.conversationId));
    } else if (frame.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
      void threadActions.refresh();
    }
  };
  const onFrameRef = useRef(onFrame);
  onFrameRef.current = onFrame;

  useEffect(
    () =>
      connectLiveSocket({
        address: async () => agentSocketUrl((await fetchAgentSocketToken()).token, lastIdRef.current),
        onFrame: (frame) => onFrameRef.current(frame),
        // Back after a loss: whatever changed meanwhile is read again.
        onOpen: (isReconnect) => {
          if (isReconnect) onFrameRef.current({ type: 'resync' });
        },
        onConnectedChange: setIsConnected,
      }),
    [],
  );

  // An opened conversation's news are seen.
  useEffect(() => {
    if (selectedId === null) return;
    setWithNews((current) => {
      if (!current.has(selectedId)) return current;
      const next = new Set(current);
      next.delete(selectedId);
      return next;
    });
    setIsContextOpen(false);
  }, [selectedId]);

  const items = inbox.data;
  const selectedItem = items?.find((item) => item.conversation.id === selectedId);
  const isMine = selectedItem?.conversation.status === 'assigned' && thread.conversation?.status === 'assigned';
  const waitOf = (item: ChatInboxItem) =>
    item.waitSeconds > 0 ? item.waitSeconds + Math.max(0, Math.floor((now - inbox.dataUpdatedAt) / 1000)) : 0;
  const backToList = () => navigate('/admin/chat');

  const showList = !isPhone || selectedId === null;
  const showConversation = !isPhone || selectedId !== null;
  const context =
    selectedId === null ? null : <MemberContext conversationId={selectedId} partyKind={selectedItem?.partyKind} />;

  return (
    <div className={`chat-inbox ${isWide ? 'chat-inbox--wide' : isPhone ? 'chat-inbox--phone' : 'chat-inbox--medium'}`}>
      {showList ? (
        <InboxList
          items={items}
          isLoading={inbox.isLoading}
          error={inbox.error}
          selectedId={selectedId}
          waitOf={waitOf}
          withNews={withNews}
          isConnected={isConnected}
        />
      ) : null}
      {showConversation && selectedId !== null && staff ? (
        <ConversationPane
          conversationId={selectedId}
          item={selectedItem}
          waitSeconds={selectedItem ? waitOf(selectedItem) : 0}
          thread={thread}
          isMine={isMine}
          ownId={staff.id}
          onShowContext={isWide ? null : () => setIsContextOpen(true)}
          onBack={isPhone ? backToList : null}
          onLeave={backToList}
          onThreadChange={threadActions}
        />
      ) : null}
      {showConversation && selectedId === null ? (
        <div className="chat-inbox-pane chat-inbox-placeholder">
          <p>从左侧选择一个会话开始接待</p>
        </div>
      ) : null}
      {isWide ? (
        <aside className="chat-inbox-pane chat-inbox-aside" aria-label="客户信息">
          {context ?? <p className="console-muted">选择会话后显示客户信息</p>}
        </aside>
      ) : (
        <Drawer
          title="客户信息"
          placement="right"
          open={isContextOpen && context !== null}
          onClose={() => setIsContextOpen(false)}
          size={isPhone ? '100%' : 360}
          closable={{ 'aria-label': '关闭客户信息' }}
        >
          {context}
        </Drawer>
      )}
    </div>
  );
}
