import type { ConsoleOrderDetail } from '@anxin/shared/staff/console.contract';
import { useQuery } from '@tanstack/react-query';
import { consoleRequest } from './console-request.ts';
import { ORDER_QUERY_KEY } from './order-list.ts';

export const orderDetailKey = (ordersCode: string) => [...ORDER_QUERY_KEY, 'detail', ordersCode] as const;

/** GET /admin/orders/{ordersCode}: the order, its timeline and what can be done to it now. */
export function getConsoleOrder(ordersCode: string): Promise<ConsoleOrderDetail> {
  return consoleRequest('GET', `/orders/${encodeURIComponent(ordersCode)}`);
}

export function useConsoleOrder(ordersCode: string) {
  return useQuery({ queryKey: orderDetailKey(ordersCode), queryFn: () => getConsoleOrder(ordersCode) });
}
