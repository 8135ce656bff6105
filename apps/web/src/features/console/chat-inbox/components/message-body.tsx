import type { ChatMessage } from '@anxin/shared/chat/chat.contract';
import { Link } from 'react-router';
import { yuan } from '../../../../lib/format.ts';
import { orderPath } from '../../lib/console-paths.ts';

/**
 * What a message holds: text (written by React as characters, whatever it holds), a picture (a signed
 * address, opened full size in a new tab), or an order card with a link to the console's order view.
 */
export function MessageBody({ message }: { message: Pick<ChatMessage, 'kind' | 'text' | 'imageUrl' | 'order'> }) {
  const { kind, text, imageUrl, order } = message;
  if (kind === 'text') return <p className="chat-inbox-bubble__text">{text}</p>;
  if (kind === 'image') {
    if (!imageUrl) return <p className="chat-inbox-bubble__text">[图片]</p>;
    return (
      <a href={imageUrl} target="_blank" rel="noreferrer" aria-label="查看大图">
        <img className="chat-inbox-bubble__image" src={imageUrl} alt="会员发送的图片" />
      </a>
    );
  }
  if (!order) return <p className="chat-inbox-bubble__text">[订单]</p>;
  return (
    <div className="chat-inbox-order">
      <span className="chat-inbox-order__head">
        <span>订单卡片</span>
        <span className="chat-inbox-order__status">{order.statusName}</span>
      </span>
      <Link to={orderPath(order.ordersCode)} className="console-link chat-inbox-order__code">
        {order.ordersCode}
      </Link>
      <span className="chat-inbox-order__name">
        {order.productName}
        {order.lineCount > 1 ? ` 等${order.lineCount}件商品` : ''}
      </span>
      <span>合计 {yuan(order.sum)}</span>
    </div>
  );
}
