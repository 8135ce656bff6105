import type { ConsoleOrderDetail } from '@anxin/shared/staff/console.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';
import { orderDetailKey } from './order-detail.ts';

/** What the staff can do to an order, each a POST under /admin/orders/{code}/ (docs/CONSOLE.md, 订单). */
export type OrderAct =
  | { kind: 'ship'; body: { carrier: string; waybill: string } }
  | { kind: 'logistics'; body: { text: string } }
  | { kind: 'deliver' }
  | { kind: 'split'; body: { groups?: string[][] } }
  | { kind: 'refund'; body: { complete?: boolean } };

export function actOnOrder(ordersCode: string, act: OrderAct): Promise<ConsoleOrderDetail> {
  return consoleRequest('POST', `/orders/${encodeURIComponent(ordersCode)}/${act.kind}`, {
    body: 'body' in act ? act.body : {},
  });
}

/** An act; the reply is the order as it now is, and every other console list is asked for again. */
export function useOrderAct(ordersCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (act: OrderAct) => actOnOrder(ordersCode, act),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderDetailKey(ordersCode), order);
      await queryClient.invalidateQueries({
        queryKey: [CONSOLE_QUERY_KEY],
        predicate: (query) => query.queryKey.join('/') !== orderDetailKey(ordersCode).join('/'),
      });
    },
  });
}
