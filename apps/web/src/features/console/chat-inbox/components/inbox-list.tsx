import type { ChatInboxItem } from '@anxin/shared/chat/chat.contract';
import { Alert, Badge, Skeleton } from 'antd';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { formatWait, QUEUE_NAME } from '../lib/inbox-rules.ts';

/** What a conversation is about, in a word: its order, its product, or the page it started on. */
function aboutOf({ conversation }: ChatInboxItem): string {
  if (conversation.ordersCode) return `订单 ${conversation.ordersCode}`;
  if (conversation.productCode) return `商品 ${conversation.productCode}`;
  return conversation.pageUrl || '首页';
}

function InboxEntry({
  item,
  waitSeconds,
  isSelected,
  hasNews,
}: {
  item: ChatInboxItem;
  waitSeconds: number;
  isSelected: boolean;
  hasNews: boolean;
}) {
  const { conversation } = item;
  return (
    <li>
      <Link
        to={`/admin/chat?id=${conversation.id}`}
        className={`chat-inbox-entry${isSelected ? ' chat-inbox-entry--selected' : ''}`}
        aria-current={isSelected ? 'true' : undefined}
      >
        <span className="chat-inbox-entry__head">
          <span className="chat-inbox-entry__name">
            {item.partyName}
            {hasNews ? <Badge status="error" text="新消息" className="chat-inbox-entry__news" /> : null}
          </span>
          {waitSeconds > 0 ? (
            <span className={waitSeconds >= 300 ? 'chat-inbox-entry__wait--long' : 'chat-inbox-entry__wait'}>
              等待 {formatWait(waitSeconds)}
            </span>
          ) : null}
        </span>
        <span className="chat-inbox-entry__about">{aboutOf(item)}</span>
        {conversation.status === 'waiting' ? (
          <span className="chat-inbox-entry__queue">{QUEUE_NAME[conversation.queue]}队列</span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * The inbox: the conversations waiting in the agent's queues (the longest wait first, the wait counted live)
 * and the agent's own. Each one opens the conversation beside (or, on a phone, in place of) the list.
 */
export function InboxList({
  items,
  isLoading,
  error,
  selectedId,
  waitOf,
  withNews,
  isConnected,
}: {
  items: ChatInboxItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  selectedId: number | null;
  waitOf: (item: ChatInboxItem) => number;
  withNews: ReadonlySet<number>;
  isConnected: boolean;
}) {
  const waiting = (items ?? []).filter((item) => item.conversation.status === 'waiting');
  const own = (items ?? []).filter((item) => item.conversation.status === 'assigned');
  const group = (title: string, list: ChatInboxItem[], emptyText: string) => (
    <section className="chat-inbox-group" aria-label={title}>
      <h2 className="chat-inbox-group__title">
        {title}（{list.length}）
      </h2>
      {list.length === 0 ? <p className="chat-inbox-group__empty">{emptyText}</p> : null}
      <ul className="chat-inbox-group__list">
        {list.map((item) => (
          <InboxEntry
            key={item.conversation.id}
            item={item}
            waitSeconds={waitOf(item)}
            isSelected={item.conversation.id === selectedId}
            hasNews={withNews.has(item.conversation.id)}
          />
        ))}
      </ul>
    </section>
  );

  return (
    <nav className="chat-inbox-pane chat-inbox-list" aria-label="会话列表">
      <p className={isConnected ? 'chat-inbox-list__live' : 'chat-inbox-list__offline'} role="status">
        {isConnected ? '实时连接中' : '连接中断，正在重连…'}
      </p>
      {error ? <Alert type="error" showIcon title={getErrorMessage(error)} /> : null}
      {isLoading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {items ? (
        <>
          {group('待接入', waiting, '暂无等待中的会话')}
          {group('我的会话', own, '暂无正在接待的会话')}
        </>
      ) : null}
    </nav>
  );
}
