import {
  CHAT_RATING_LABEL,
  CHAT_RATINGS,
  CHAT_TEXT_MAX,
  type ChatMessage,
  type ChatRating,
  type ChatSend,
  type ChatServerFrame,
  type ChatSession,
  type Conversation,
  chatTextLength,
  chatTextProblem,
} from '@anxin/shared/chat/chat.contract';
import { formatYuan } from '@anxin/shared/common/money';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { requestCallback } from '../../mall/index.ts';
import { getOrders, type Order } from '../../orders/index.ts';
import {
  ChatCallError,
  fetchHistory,
  openChatSession,
  rateConversation,
  sendOverHttp,
  socketUrl,
  uploadChatImage,
} from '../api/chat-api.ts';
import { setUnread } from '../lib/chat-unread.ts';
import type { ChatOpenContext } from '../lib/open-chat.ts';
import './chat-window.css';

/** A message of this window not yet stored: shown as 发送中, or 发送失败 with the reason and 重发. */
type Pending = { send: ChatSend; error: string | null };

const RECONNECT_MAX_MS = 15_000;
/** How many of the member's latest orders the order picker offers. */
const ORDER_CHOICES = 5;
const FOCUSABLE = 'button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [href], [tabindex="0"]';

const newClientId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Messages by id, each once, oldest first. */
function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function statusLine(conversation: Conversation | null): string {
  if (!conversation || conversation.status === 'waiting') return '正在为您接入客服，请稍候';
  if (conversation.status === 'assigned') return `${conversation.agentName ?? '客服'} 为您服务`;
  return '本次会话已结束';
}

function markOf(message: ChatMessage, conversation: Conversation | null): string {
  if (conversation && conversation.agentReadId >= message.id) return '已读';
  if (conversation && conversation.agentDeliveredId >= message.id) return '已送达';
  return '已发送';
}

function MessageBody({ kind, text, imageUrl, order }: Pick<ChatMessage, 'kind' | 'text' | 'imageUrl' | 'order'>) {
  // Text is only ever text: React writes it as characters, whatever it holds.
  if (kind === 'text') return <p className="chat-bubble__text">{text}</p>;
  if (kind === 'image') return imageUrl ? <img className="chat-bubble__image" src={imageUrl} alt="图片消息" /> : null;
  if (!order) return null;
  return (
    <div className="chat-order-card">
      <span className="chat-order-card__code">订单号：{order.ordersCode}</span>
      <span className="chat-order-card__name">
        {order.productName}
        {order.lineCount > 1 ? ` 等${order.lineCount}件商品` : ''}
      </span>
      <span>
        {order.statusName} · ¥{formatYuan(order.sum)}
      </span>
    </div>
  );
}

/**
 * The chat window (docs/CHAT.md): a panel over the page on a desktop, the whole screen on a phone. It opens a
 * session (POST /v2/chat/token), shows the latest history and then keeps a socket open: messages arrive as
 * they are stored, and after a lost connection it reconnects with a fresh token and `after` = the last
 * message it has, so nothing is missed or shown twice. A message sent while the socket is down goes over HTTP;
 * one sent into a socket that closed before its echo is sent again with the same client id. Keyboard: Enter
 * sends (Shift+Enter: a new line), Esc closes, Tab stays inside the window.
 */
export function ChatWindow({
  context,
  onClose: close,
}: {
  context: ChatOpenContext;
  /** Closes the window; `fallback` takes the focus when the opener is gone. */
  onClose: (fallback: HTMLElement | null) => void;
}) {
  const onClose = () => close(returnFocusRef.current);
  const titleId = useId();
  const [session, setSession] = useState<ChatSession | null>(null);
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<Map<string, Pending>>(new Map());
  const [hasMore, setHasMore] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isConnected, setIsConnected] = useState(false);
  const [draft, setDraft] = useState('');
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  /** The member's latest orders while the order picker is open; null while it is closed. */
  const [orderChoices, setOrderChoices] = useState<Order[] | null>(null);
  /** 请药师回电: asked (the phone the pharmacist will call, masked), being asked, or not yet. */
  const [callback, setCallback] = useState<{ phone: string } | 'pending' | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const tokenRef = useRef<string | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const lastIdRef = useRef(0);
  const readSentRef = useRef(0);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const receive = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    lastIdRef.current = Math.max(lastIdRef.current, ...incoming.map((message) => message.id));
    setMessages((current) => mergeMessages(current, incoming));
    setPending((current) => {
      const next = new Map(current);
      for (const message of incoming) next.delete(message.clientId);
      return next.size === current.size ? current : next;
    });
  }, []);

  const failPending = useCallback((clientId: string, error: string) => {
    setPending((current) => {
      const entry = current.get(clientId);
      return entry ? new Map(current).set(clientId, { ...entry, error }) : current;
    });
  }, []);

  const transmit = useCallback(
    (message: ChatSend) => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: 'send', message }));
        return;
      }
      const token = tokenRef.current;
      // Not connected yet: it stays 发送中 and goes as soon as the socket opens.
      if (!token) return;
      sendOverHttp(token, message).then(
        (reply) => {
          receive([reply.message]);
          if (reply.notice) setNotice(reply.notice);
        },
        (error: unknown) =>
          failPending(message.clientId, error instanceof ChatCallError ? error.message : '发送失败，请重发'),
      );
    },
    [failPending, receive],
  );

  // The session and the socket, reconnecting with a fresh token after any loss.
  useEffect(() => {
    let isStopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      if (isStopped) return;
      timer = setTimeout(connect, Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempt++));
    };
    async function connect() {
      try {
        const opened = await openChatSession({
          pageUrl: `${window.location.pathname}${window.location.search}`,
          ordersCode: context.ordersCode,
          productCode: context.productCode,
          guestKey: context.guestKey,
        });
        if (isStopped) return;
        tokenRef.current = opened.token;
        setSession(opened);
        setConversation(opened.conversation);
        setNotice(opened.service.notice);
        setUnread(opened.unread);
        if (lastIdRef.current === 0) {
          const history = await fetchHistory(opened.token);
          if (isStopped) return;
          receive(history.content);
          setHasMore(history.hasMore);
        }
        const socket = new WebSocket(socketUrl(opened.token, lastIdRef.current));
        socketRef.current = socket;
        socket.onopen = () => {
          attempt = 0;
          setProblem(null);
          setIsConnected(true);
          // Sent into a socket that closed before their echo: again, with the same client ids.
          for (const entry of pendingRef.current.values())
            if (!entry.error) socket.send(JSON.stringify({ type: 'send', message: entry.send }));
        };
        socket.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as ChatServerFrame;
          if (frame.type === 'message') receive([frame.message]);
          else if (frame.type === 'conversation') setConversation(frame.conversation);
          else if (frame.type === 'notice') setNotice(frame.text);
          else if (frame.type === 'error') {
            if (frame.clientId) failPending(frame.clientId, frame.message);
            else setProblem(frame.message);
          }
        };
        socket.onclose = () => {
          if (socketRef.current === socket) socketRef.current = null;
          setIsConnected(false);
          retry();
        };
      } catch (error) {
        if (isStopped) return;
        setProblem(error instanceof Error && error.message ? error.message : '连接客服失败，正在重试');
        retry();
      }
    }
    void connect();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
    };
  }, [context, failPending, receive]);

  // What the member sees is read: the answers up to the last one, once per new answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: isConnected, so the mark goes once the socket is up
  useEffect(() => {
    const lastAnswer = [...messages].reverse().find((message) => message.sender !== 'member');
    const socket = socketRef.current;
    if (!lastAnswer || lastAnswer.id <= readSentRef.current || socket?.readyState !== WebSocket.OPEN) return;
    readSentRef.current = lastAnswer.id;
    socket.send(JSON.stringify({ type: 'read', conversationId: lastAnswer.conversationId, upTo: lastAnswer.id }));
    setUnread(0);
  }, [messages, isConnected]);

  // The newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list && (messages.length > 0 || pending.size > 0)) list.scrollTop = list.scrollHeight;
  }, [messages, pending]);

  // A modal window: focus starts in the input and stays inside. What takes it away (the dialog that opened the
  // window restoring focus to its own button as it closes) gives it back, and is where focus returns if the
  // element that opened the window is gone by then.
  useEffect(() => {
    if (document.activeElement instanceof HTMLElement) returnFocusRef.current = document.activeElement;
    inputRef.current?.focus();
    const keepFocus = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || dialogRef.current?.contains(event.target)) return;
      returnFocusRef.current = event.target;
      inputRef.current?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, []);

  const send = (message: ChatSend) => {
    setPending((current) => new Map(current).set(message.clientId, { send: message, error: null }));
    transmit(message);
  };

  const sendDraft = () => {
    const found = chatTextProblem(draft);
    setDraftProblem(found);
    if (found) return;
    send({ clientId: newClientId(), kind: 'text', text: draft.trim() });
    setDraft('');
  };

  const resend = (clientId: string) => {
    const entry = pending.get(clientId);
    if (!entry) return;
    setPending((current) => new Map(current).set(clientId, { ...entry, error: null }));
    transmit(entry.send);
  };

  const loadOlder = async () => {
    const token = tokenRef.current;
    const first = messages[0];
    if (!token || !first) return;
    const older = await fetchHistory(token, first.id);
    setMessages((current) => mergeMessages(current, older.content));
    setHasMore(older.hasMore);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { url } = await uploadChatImage(file);
      send({ clientId: newClientId(), kind: 'image', image: url });
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : '图片上传失败');
    }
  };

  const toggleOrderPicker = async () => {
    if (orderChoices) return setOrderChoices(null);
    try {
      setOrderChoices((await getOrders({ type: 'all', page: 1, size: ORDER_CHOICES })).content);
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : '订单加载失败');
    }
  };

  const sendOrder = (ordersCode: string) => {
    setOrderChoices(null);
    send({ clientId: newClientId(), kind: 'order', ordersCode });
  };

  const askCallback = async (ordersCode: string) => {
    setCallback('pending');
    try {
      setCallback({ phone: (await requestCallback({ ordersCode })).phone });
    } catch (error) {
      setCallback(null);
      setProblem(error instanceof Error && error.message ? error.message : '预约药师回电失败，请重试');
    }
  };

  const rate = async (rating: ChatRating) => {
    const token = tokenRef.current;
    if (!token || !conversation) return;
    try {
      await rateConversation(token, conversation.id, rating);
      setConversation({ ...conversation, rating });
    } catch (error) {
      setProblem(error instanceof ChatCallError ? error.message : '评价失败，请重试');
    }
  };

  // Esc closes; Tab and Shift+Tab go round the window's controls, never out to the page behind.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const isMember = session?.party.kind === 'member';
  const { ordersCode } = context;
  const callbackPhone = callback !== null && callback !== 'pending' ? callback.phone : null;
  const isRatable = conversation?.status === 'closed' && conversation.rating === null;
  const draftLength = chatTextLength(draft.trim());

  return (
    <div
      ref={dialogRef}
      className="chat-window"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <header className="chat-window__header">
        <div>
          <h2 id={titleId} className="chat-window__title">
            在线客服
          </h2>
          <p className="chat-window__status">
            {session ? `您好，${session.party.name}。` : ''}
            {statusLine(conversation)}
            {session && !isConnected ? '（连接中…）' : ''}
          </p>
        </div>
        <button type="button" className="chat-window__close" onClick={onClose} aria-label="关闭客服窗口">
          ×
        </button>
      </header>

      {notice ? (
        <p className="chat-window__notice" role="status">
          {notice}
        </p>
      ) : null}
      {callbackPhone ? (
        <p className="chat-window__callback" role="status" data-testid="callback-requested">
          已预约药师回电，我们将尽快致电 {callbackPhone}
        </p>
      ) : null}

      <div ref={listRef} className="chat-window__messages" role="log" aria-live="polite" aria-label="聊天记录">
        {hasMore ? (
          <button type="button" className="chat-window__older" onClick={() => void loadOlder()}>
            查看更早的消息
          </button>
        ) : null}
        {messages.length === 0 && pending.size === 0 ? (
          <p className="chat-window__empty">请描述您的问题，客服将尽快为您解答。</p>
        ) : null}
        {messages.map((message) => {
          const isOwn = message.sender === 'member';
          return (
            <div key={message.id} className={`chat-bubble ${isOwn ? 'chat-bubble--own' : 'chat-bubble--agent'}`}>
              {isOwn ? null : <span className="chat-bubble__who">{message.agentName ?? '客服'}</span>}
              <MessageBody {...message} />
              {isOwn ? <span className="chat-bubble__mark">{markOf(message, conversation)}</span> : null}
            </div>
          );
        })}
        {[...pending.entries()].map(([clientId, entry]) => (
          <div key={clientId} className="chat-bubble chat-bubble--own chat-bubble--pending">
            <MessageBody
              kind={entry.send.kind}
              text={entry.send.kind === 'text' ? entry.send.text : entry.send.kind === 'image' ? '[图片]' : '[订单]'}
              imageUrl={null}
              order={null}
            />
            {entry.error ? (
              <span className="chat-bubble__mark chat-bubble__mark--failed">
                发送失败：{entry.error}
                <button type="button" className="chat-window__link" onClick={() => resend(clientId)}>
                  重发
                </button>
              </span>
            ) : (
              <span className="chat-bubble__mark">发送中</span>
            )}
          </div>
        ))}
        {isRatable ? (
          <fieldset className="chat-window__rating">
            <legend>请对本次服务进行评价</legend>
            {CHAT_RATINGS.map((rating) => (
              <button key={rating} type="button" onClick={() => void rate(rating)}>
                {CHAT_RATING_LABEL[rating]}
              </button>
            ))}
          </fieldset>
        ) : null}
        {conversation?.rating ? (
          <p className="chat-window__empty">感谢您的评价：{CHAT_RATING_LABEL[conversation.rating]}</p>
        ) : null}
      </div>

      {problem ? (
        <p className="chat-window__problem" role="alert">
          {problem}
        </p>
      ) : null}

      <footer className="chat-window__composer">
        {isMember ? (
          <div className="chat-window__tools">
            <button type="button" className="chat-window__tool" onClick={() => fileRef.current?.click()}>
              发送图片
            </button>
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              onChange={(event) => {
                void pickImage(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {ordersCode ? (
              <button type="button" className="chat-window__tool" onClick={() => sendOrder(ordersCode)}>
                发送订单 {ordersCode}
              </button>
            ) : null}
            <button
              type="button"
              className="chat-window__tool"
              aria-expanded={orderChoices !== null}
              onClick={() => void toggleOrderPicker()}
            >
              选择订单
            </button>
            {ordersCode && context.offersCallback && !callbackPhone ? (
              <button
                type="button"
                className="chat-window__tool"
                disabled={callback === 'pending'}
                onClick={() => void askCallback(ordersCode)}
              >
                请药师回电
              </button>
            ) : null}
          </div>
        ) : null}
        {orderChoices ? (
          <ul className="chat-window__orders" aria-label="选择要发送的订单">
            {orderChoices.length === 0 ? <li className="chat-window__empty">暂无订单</li> : null}
            {orderChoices.map((order) => (
              <li key={order.ordersCode}>
                <button type="button" className="chat-window__order" onClick={() => sendOrder(order.ordersCode)}>
                  <span>{order.orderProducts[0]?.productName ?? order.ordersCode}</span>
                  <span className="chat-order-card__code">
                    {order.ordersCode} · {order.orderStatusName}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="chat-window__label" htmlFor={`${titleId}-input`}>
          输入消息
        </label>
        <textarea
          id={`${titleId}-input`}
          ref={inputRef}
          className="chat-window__input"
          value={draft}
          rows={3}
          placeholder="请输入您的问题（Enter发送，Shift+Enter换行）"
          aria-invalid={draftProblem ? true : undefined}
          aria-describedby={`${titleId}-count`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (draftProblem) setDraftProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              sendDraft();
            }
          }}
        />
        <div className="chat-window__send-row">
          <span
            id={`${titleId}-count`}
            className={draftProblem || draftLength > CHAT_TEXT_MAX ? 'chat-window__count--over' : 'chat-window__count'}
          >
            {draftProblem ?? `${draftLength}/${CHAT_TEXT_MAX}`}
          </span>
          <button type="button" className="chat-window__send" onClick={sendDraft}>
            发送
          </button>
        </div>
      </footer>
    </div>
  );
}
