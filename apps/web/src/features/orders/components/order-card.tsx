import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { ApplyAfterSaleButton } from '../../aftersale/index.ts';
import { useMallConfig } from '../../mall/index.ts';
import type { Order } from '../api/get-orders.ts';
import { LogisticsPreview } from './logistics-preview.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderLines } from './order-lines.tsx';

const CLOSED = ['canceled', 'completeTransaction', 'refundCompleteTransaction'];

/** One order of the list: head (time, code), lines, amount, status and its actions. */
export function OrderCard({ order, lineLimit }: { order: Order; lineLimit?: number }) {
  const detailPath = `/user/order/detail/${encodeURIComponent(order.ordersCode)}`;
  const { isOrderShowRx } = useMallConfig();
  return (
    <article className="order-card" data-testid="order-card" data-order-code={order.ordersCode}>
      <header className="order-card__head">
        <span>{formatDateTime(order.creationDate)}</span>
        <span>
          订单号：<span className="order-card__code">{order.ordersCode}</span>
        </span>
        {order.parentOrderCode ? <Tag color="blue">拆分订单</Tag> : null}
        {order.isRxDrug && isOrderShowRx ? <Tag color="red">处方订单</Tag> : null}
        <span className="order-card__head-right">{order.paymentTypeName}</span>
      </header>
      <div className="order-card__body">
        <OrderLines lines={order.orderProducts} limit={lineLimit} />
        <div className="order-card__cell">
          <span className="order-card__sum">{yuan(order.sum)}</span>
          <span className="order-card__sum-note">
            {order.transportCosts > 0 ? `含运费 ${yuan(order.transportCosts)}` : '免运费'}
          </span>
        </div>
        <div className="order-card__cell">
          <span
            className={
              CLOSED.includes(order.orderType) ? 'order-card__status order-card__status--closed' : 'order-card__status'
            }
            data-testid="order-status"
          >
            {order.orderStatusName}
          </span>
          <Link to={detailPath} className="order-card__link">
            订单详情
          </Link>
          <LogisticsPreview ordersCode={order.ordersCode} shippingTime={order.shippingTime} />
        </div>
        <div className="order-card__cell">
          <OrderActions order={order} />
          <ApplyAfterSaleButton order={order} size="small" />
        </div>
      </div>
    </article>
  );
}
