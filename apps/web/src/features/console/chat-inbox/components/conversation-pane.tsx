import { ArrowLeftOutlined, IdcardOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  CHAT_RATING_LABEL,
  CHAT_TEXT_MAX,
  type ChatInboxItem,
  type ChatMessage,
  type ChatTransfer,
  chatTextLength,
  chatTextProblem,
} from '@anxin/shared/chat/chat.contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useFeedback } from '../../../../app/feedback.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import {
  answerConversation,
  closeConversation,
  INBOX_QUERY_KEY,
  markConversationRead,
  takeConversation,
  transferConversation,
} from '../api/chat-inbox-api.ts';
import { answerMark, formatWait, QUEUE_NAME } from '../lib/inbox-rules.ts';
import type { Thread } from '../lib/use-thread.ts';
import { MessageBody } from './message-body.tsx';
import { QuickReplies } from './quick-replies.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

/** An answer not stored yet: 发送中, or 发送失败 with the server's reason and 重发 (the same client id). */
type Pending = { text: string; error: string | null };

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

function statusText(thread: Thread, isMine: boolean): string {
  const { conversation } = thread;
  if (!conversation) return '';
  if (conversation.status === 'closed') return conversation.rating ? '已结束，会员已评价' : '已结束，等待会员评价';
  if (conversation.status === 'waiting') return `等待接入 · ${QUEUE_NAME[conversation.queue]}队列`;
  return isMine ? '由您接待' : `由${conversation.agentName ?? '其他客服'}接待`;
}

export type ConversationPaneProps = {
  conversationId: number;
  item: ChatInboxItem | undefined;
  /** Seconds the member has waited, counted live. */
  waitSeconds: number;
  thread: Thread;
  isMine: boolean;
  ownId: number;
  /** The member's context is beside the pane (a wide screen); otherwise 客户信息 opens it. */
  onShowContext: (() => void) | null;
  /** Back to the list, on a phone where one pane shows at a time. */
  onBack: (() => void) | null;
  /** The conversation left the agent (transferred): the page goes back to the list. */
  onLeave: () => void;
  onThreadChange: {
    receive: (messages: readonly ChatMessage[]) => void;
    setConversation: (conversation: NonNullable<Thread['conversation']>) => void;
    refresh: () => Promise<void>;
    loadOlder: () => Promise<void>;
  };
};

/**
 * The conversation: its messages newest last (查看更早的消息 pages back), the marks of the agent's answers, and
 * what the agent can do with it: 接入 while it waits; answering (Enter sends, Shift+Enter a new line, 500
 * characters, 快捷回复), 转接 and 结束会话 while they hold it.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const { conversationId, item, thread, isMine, ownId, onThreadChange } = props;
  const { message: feedback } = useFeedback();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Map<string, Pending>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isTaking, setIsTaking] = useState(false);
  const [isQuickOpen, setIsQuickOpen] = useState(false);
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const readSentRef = useRef(0);
  const lastMessageIdRef = useRef(0);
  const { conversation, messages } = thread;
  const refreshInbox = () => queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });

  // A new conversation opens clean: no draft, no refusal of the last one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the conversation changes
  useEffect(() => {
    setDraft('');
    setDraftProblem(null);
    setPending(new Map());
    setRefusal(null);
    readSentRef.current = 0;
    lastMessageIdRef.current = 0;
  }, [conversationId]);

  // The newest message in view as messages arrive; paging back keeps the place.
  useEffect(() => {
    const list = listRef.current;
    const last = messages.at(-1)?.id ?? 0;
    if (list && (last > lastMessageIdRef.current || pending.size > 0)) list.scrollTop = list.scrollHeight;
    lastMessageIdRef.current = Math.max(lastMessageIdRef.current, last);
  }, [messages, pending]);

  // What the agent holding the conversation sees is read: the member's messages up to the last one.
  useEffect(() => {
    if (!isMine || !conversation) return;
    const lastFromMember = messages.findLast((message) => message.sender === 'member');
    if (!lastFromMember || lastFromMember.id <= Math.max(conversation.agentReadId, readSentRef.current)) return;
    readSentRef.current = lastFromMember.id;
    markConversationRead(conversationId, lastFromMember.id).catch(() => {
      readSentRef.current = 0;
    });
  }, [conversationId, conversation, isMine, messages]);

  const take = async () => {
    setIsTaking(true);
    setRefusal(null);
    try {
      const taken = await takeConversation(conversationId);
      onThreadChange.setConversation(taken);
      queryClient.setQueryData<ChatInboxItem[]>(INBOX_QUERY_KEY, (items) =>
        items?.map((it) => (it.conversation.id === taken.id ? { ...it, conversation: taken } : it)),
      );
      inputRef.current?.focus();
    } catch (error) {
      // Another agent was quicker (409): the server's words, and the conversation as it now is.
      setRefusal(getErrorMessage(error));
      void onThreadChange.refresh();
    } finally {
      setIsTaking(false);
      void refreshInbox();
    }
  };

  const transmit = async (clientId: string, text: string) => {
    setPending((current) => new Map(current).set(clientId, { text, error: null }));
    try {
      const stored = await answerConversation(conversationId, { clientId, text });
      onThreadChange.receive([stored]);
      setPending((current) => {
        const next = new Map(current);
        next.delete(clientId);
        return next;
      });
    } catch (error) {
      setPending((current) => new Map(current).set(clientId, { text, error: getErrorMessage(error) }));
    }
  };

  const sendDraft = () => {
    const found = chatTextProblem(draft);
    setDraftProblem(found);
    if (found) return;
    void transmit(newClientId(), draft.trim());
    setDraft('');
  };

  const insertQuickReply = (text: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? draft.length;
    const end = input?.selectionEnd ?? draft.length;
    setDraft(`${draft.slice(0, start)}${text}${draft.slice(end)}`);
    setDraftProblem(null);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const transfer = async (to: ChatTransfer): Promise<string | null> => {
    try {
      await transferConversation(conversationId, to);
      feedback.success('已转接');
      void refreshInbox();
      props.onLeave();
      return null;
    } catch (error) {
      return getErrorMessage(error);
    }
  };

  const close = async () => {
    try {
      onThreadChange.setConversation(await closeConversation(conversationId));
      feedback.success('会话已结束，会员可对本次服务评价');
      void refreshInbox();
    } catch (error) {
      setRefusal(getErrorMessage(error));
    }
  };

  const partyName = item?.partyName ?? '会员';
  const draftLength = chatTextLength(draft.trim());
  const isWaiting = conversation?.status === 'waiting';

  return (
    <section className="chat-inbox-pane chat-inbox-conversation" aria-labelledby={`${inputId}-title`}>
      <header className="chat-inbox-conversation__header">
        {props.onBack ? (
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={props.onBack} aria-label="返回会话列表" />
        ) : null}
        <div className="chat-inbox-conversation__who">
          <h2 id={`${inputId}-title`} className="chat-inbox-conversation__title">
            {partyName}
          </h2>
          <span className="chat-inbox-conversation__status">
            {statusText(thread, isMine)}
            {props.waitSeconds > 0 && conversation?.status !== 'closed' ? (
              <Tag color={props.waitSeconds >= 300 ? 'error' : 'warning'} className="chat-inbox__wait">
                已等待 {formatWait(props.waitSeconds)}
              </Tag>
            ) : null}
          </span>
        </div>
        <div className="chat-inbox-conversation__actions">
          {props.onShowContext ? (
            <Button icon={<IdcardOutlined />} onClick={props.onShowContext}>
              客户信息
            </Button>
          ) : null}
          {isWaiting ? (
            <Button type="primary" loading={isTaking} onClick={() => void take()}>
              接入
            </Button>
          ) : null}
          {isMine ? (
            <>
              <Button onClick={() => setIsTransferOpen(true)}>转接</Button>
              <Popconfirm
                title="结束本次会话？"
                description="结束后会员可对本次服务进行评价。"
                okText="结束会话"
                cancelText="取消"
                onConfirm={() => close()}
              >
                <Button danger>结束会话</Button>
              </Popconfirm>
            </>
          ) : null}
        </div>
      </header>

      {refusal ? <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} /> : null}
      {thread.error ? <Alert type="error" showIcon title={thread.error} /> : null}

      <div ref={listRef} className="chat-inbox-messages" role="log" aria-live="polite" aria-label="聊天记录">
        {thread.isLoading ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
        {thread.hasMore ? (
          <Button type="link" className="chat-inbox-messages__older" onClick={() => void onThreadChange.loadOlder()}>
            查看更早的消息
          </Button>
        ) : null}
        {messages.map((message) => {
          const isAnswer = message.sender === 'agent';
          return (
            <div
              key={message.id}
              className={`chat-inbox-bubble ${isAnswer ? 'chat-inbox-bubble--answer' : 'chat-inbox-bubble--member'}`}
            >
              <span className="chat-inbox-bubble__who">
                {isAnswer ? (message.agentName ?? '客服') : partyName} {formatDateTime(message.createdAt, 'HH:mm')}
              </span>
              <MessageBody message={message} />
              {isAnswer && conversation ? (
                <span className="chat-inbox-bubble__mark">{answerMark(message, conversation)}</span>
              ) : null}
            </div>
          );
        })}
        {[...pending.entries()].map(([clientId, entry]) => (
          <div key={clientId} className="chat-inbox-bubble chat-inbox-bubble--answer chat-inbox-bubble--pending">
            <p className="chat-inbox-bubble__text">{entry.text}</p>
            {entry.error ? (
              <span className="chat-inbox-bubble__mark chat-inbox-bubble__mark--failed">
                发送失败：{entry.error}
                <Button type="link" size="small" onClick={() => void transmit(clientId, entry.text)}>
                  重发
                </Button>
              </span>
            ) : (
              <span className="chat-inbox-bubble__mark">发送中</span>
            )}
          </div>
        ))}
        {conversation?.status === 'closed' ? (
          <p className="chat-inbox-messages__note">
            会话已结束{conversation.rating ? `，会员评价：${CHAT_RATING_LABEL[conversation.rating]}` : ''}
          </p>
        ) : null}
      </div>

      {isMine ? (
        <footer className="chat-inbox-composer">
          {isQuickOpen ? <QuickReplies onInsert={insertQuickReply} /> : null}
          <div className="chat-inbox-composer__bar">
            <label htmlFor={inputId} className="chat-inbox-composer__label">
              回复 {partyName}
            </label>
            <Button
              type="text"
              size="small"
              icon={<ThunderboltOutlined />}
              aria-expanded={isQuickOpen}
              onClick={() => setIsQuickOpen((open) => !open)}
            >
              快捷回复
            </Button>
          </div>
          <textarea
            id={inputId}
            ref={inputRef}
            className="chat-inbox-composer__input"
            value={draft}
            rows={3}
            placeholder="输入回复（Enter发送，Shift+Enter换行）"
            aria-invalid={draftProblem ? true : undefined}
            aria-describedby={`${inputId}-count`}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                sendDraft();
              }
            }}
          />
          <div className="chat-inbox-composer__send">
            <span
              id={`${inputId}-count`}
              className={draftProblem || draftLength > CHAT_TEXT_MAX ? 'chat-inbox__problem' : 'console-muted'}
              role={draftProblem ? 'alert' : undefined}
            >
              {draftProblem ?? `${draftLength}/${CHAT_TEXT_MAX}`}
            </span>
            <Button type="primary" onClick={sendDraft}>
              发送
            </Button>
          </div>
        </footer>
      ) : null}

      <TransferDialog
        isOpen={isTransferOpen}
        ownId={ownId}
        onClose={() => setIsTransferOpen(false)}
        onTransfer={transfer}
      />
    </section>
  );
}
