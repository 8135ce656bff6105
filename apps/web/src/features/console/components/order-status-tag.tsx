import { ORDER_STATUS_NAME, type OrderType } from '@anxin/shared/orders/order-status';
import { Tag } from 'antd';

/**
 * Where an order waits on the staff, in colour: work to do stands out from closed orders. Status colours only,
 * whose text the console's theme keeps at 4.5:1 (components/console-frame.tsx).
 */
const STATUS_COLOR: Record<OrderType, string> = {
  waitAudit: 'processing',
  waitPay: 'warning',
  waitDelivery: 'warning',
  waitReceiving: 'processing',
  waitEvaluate: 'success',
  completeTransaction: 'success',
  refundCompleteTransaction: 'default',
  canceled: 'default',
  refundOrder: 'error',
};

export function OrderStatusTag({ orderType }: { orderType: OrderType }) {
  return <Tag color={STATUS_COLOR[orderType]}>{ORDER_STATUS_NAME[orderType]}</Tag>;
}
