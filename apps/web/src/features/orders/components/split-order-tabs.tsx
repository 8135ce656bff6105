import { Alert, Tabs } from 'antd';
import type { ReactNode } from 'react';
import type { Order } from '../api/get-orders.ts';

type SplitOrderTabsProps = {
  /** The sub-orders of one split order, in the server's order. */
  orders: Order[];
  /** The code the member opened (the parent's or a sub-order's). */
  openedCode: string;
  activeCode: string | undefined;
  onChange: (ordersCode: string) => void;
  renderOrder: (order: Order) => ReactNode;
};

/**
 * A split order on the detail page: the note and one tab per parcel. Its own script part (antd's Alert and
 * Tabs with its overflow menu), fetched only for split orders.
 */
export function SplitOrderTabs({ orders, openedCode, activeCode, onChange, renderOrder }: SplitOrderTabsProps) {
  return (
    <>
      <Alert
        className="order-detail-split-note"
        type="info"
        showIcon
        title={`您的订单 ${orders[0]?.parentOrderCode ?? openedCode} 已拆分为 ${orders.length} 个包裹分别发货`}
      />
      <Tabs
        className="order-detail-tabs"
        type="card"
        activeKey={activeCode}
        onChange={onChange}
        items={orders.map((order, index) => ({
          key: order.ordersCode,
          label: (
            <span className="order-detail-tabs__label" data-testid="split-tab">
              包裹{index + 1}
              <span className="order-detail-tabs__status">{order.orderStatusName}</span>
            </span>
          ),
          children: renderOrder(order),
        }))}
      />
    </>
  );
}
