import type { ChatInboxItem } from '@anxin/shared/chat/chat.contract';
import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../../lib/format.ts';
import { orderPath } from '../../lib/console-paths.ts';
import { useConversationContext } from '../api/chat-inbox-api.ts';

const PARTY_NAME: Record<ChatInboxItem['partyKind'], string> = {
  member: '会员',
  guest: '代客下单的顾客（支付链接）',
  visitor: '未登录的访客',
};

/**
 * Beside the conversation: who asks (a member's nickname, id and masked phone; a guest; a visitor), the page
 * they were on and what they asked about, and the member's last five orders with their status, each a link
 * into the console's order view.
 */
export function MemberContext({
  conversationId,
  partyKind,
}: {
  conversationId: number;
  partyKind: ChatInboxItem['partyKind'] | undefined;
}) {
  const context = useConversationContext(conversationId);
  if (context.isError) return <Alert type="error" showIcon title={getErrorMessage(context.error)} />;
  if (!context.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { member, conversation, orders } = context.data;
  return (
    <div className="chat-inbox-context">
      <section aria-labelledby="chat-context-member">
        <h3 id="chat-context-member" className="chat-inbox-context__title">
          咨询人
        </h3>
        {member ? (
          <dl className="chat-inbox-context__facts">
            <dt>昵称</dt>
            <dd>{member.nickname}</dd>
            <dt>会员ID</dt>
            <dd>{member.id}</dd>
            <dt>手机号</dt>
            <dd>{member.maskedPhone ?? '未绑定'}</dd>
          </dl>
        ) : (
          <p>{PARTY_NAME[partyKind ?? 'visitor']}</p>
        )}
      </section>
      <section aria-labelledby="chat-context-source">
        <h3 id="chat-context-source" className="chat-inbox-context__title">
          咨询来源
        </h3>
        <dl className="chat-inbox-context__facts">
          <dt>所在页面</dt>
          <dd className="chat-inbox-context__page">{conversation.pageUrl || '未知'}</dd>
          {conversation.ordersCode ? (
            <>
              <dt>咨询订单</dt>
              <dd>
                <Link to={orderPath(conversation.ordersCode)} className="console-link">
                  {conversation.ordersCode}
                </Link>
              </dd>
            </>
          ) : null}
          {conversation.productCode ? (
            <>
              <dt>咨询商品</dt>
              <dd>{conversation.productCode}</dd>
            </>
          ) : null}
          <dt>开始时间</dt>
          <dd>{formatDateTime(conversation.createdAt, 'MM-DD HH:mm')}</dd>
        </dl>
      </section>
      {member ? (
        <section aria-labelledby="chat-context-orders">
          <h3 id="chat-context-orders" className="chat-inbox-context__title">
            最近订单
          </h3>
          {orders.length === 0 ? <p className="console-muted">暂无订单</p> : null}
          <ul className="chat-inbox-context__orders">
            {orders.map((order) => (
              <li key={order.ordersCode} className="chat-inbox-context__order">
                <span className="chat-inbox-context__order-head">
                  <Link
                    to={orderPath(order.ordersCode)}
                    className="console-link"
                    aria-label={`查看订单${order.ordersCode}`}
                  >
                    {order.ordersCode}
                  </Link>
                  <span className="chat-inbox-order__status">{order.statusName}</span>
                </span>
                <span>
                  {order.productName}
                  {order.lineCount > 1 ? ` 等${order.lineCount}件` : ''}
                </span>
                <span className="console-muted">
                  {formatDateTime(order.creationDate, 'YYYY-MM-DD HH:mm')} · {yuan(order.sum)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
