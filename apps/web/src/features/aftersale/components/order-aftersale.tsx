import type { Order } from '@anxin/shared/orders/order.contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useMallConfig } from '../../mall/index.ts';
import { useAfterSales } from '../api/get-aftersales.ts';
import { applyPath, canApplyForAfterSale } from '../lib/can-apply.ts';
import { AftersaleCard } from './aftersale-card.tsx';

type AfterSaleOrder = Pick<Order, 'ordersCode' | 'orderType' | 'receivedAt' | 'paymentType' | 'afterSale'>;

/** 申请售后 on an order that may ask for it now (the order list's card and the order detail). */
export function ApplyAfterSaleButton({ order, size }: { order: AfterSaleOrder; size?: 'small' | 'middle' }) {
  const navigate = useNavigate();
  const { afterSaleDays } = useMallConfig();
  if (!canApplyForAfterSale(order, afterSaleDays, new Date())) return null;
  return (
    <Button size={size} onClick={() => navigate(applyPath(order.ordersCode))} data-testid="order-action-aftersale">
      申请售后
    </Button>
  );
}

/** The order's after-sales requests on its detail page (none: nothing shown). */
export function OrderAfterSales({ order }: { order: AfterSaleOrder }) {
  const requests = useAfterSales({ page: 1, size: 20, ordersCode: order.ordersCode });
  if (!order.afterSale || !requests.data?.content.length) return null;
  return (
    <section className="card" aria-labelledby={`aftersale-of-${order.ordersCode}`}>
      <header className="card__header">
        <h3 className="card__title" id={`aftersale-of-${order.ordersCode}`}>
          售后记录
        </h3>
      </header>
      <div className="aftersale-list" data-testid="order-aftersales">
        {requests.data.content.map((request) => (
          <AftersaleCard key={request.code} request={request} />
        ))}
      </div>
    </section>
  );
}
