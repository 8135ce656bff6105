// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { type OrderCounts, useOrderCounts } from './api/get-order-counts.ts';
export { useOrderDetail } from './api/get-order-detail.ts';
export { getOrders, ORDERS_QUERY_KEY, type Order, useOrders } from './api/get-orders.ts';
export { OrderActions } from './components/order-actions.tsx';
export { withKeys } from './components/order-lines.tsx';
