import type { ConsoleOrderPage, ConsoleOrderQuery } from '@anxin/shared/staff/console.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

export const ORDER_QUERY_KEY = [CONSOLE_QUERY_KEY, 'orders'] as const;

/** The search of the orders page, its page number a number. */
export type OrderSearch = Omit<ConsoleOrderQuery, 'page'> & { page: number };

/** GET /admin/orders: by order code, phone, status and placing day, newest first; counted up to 10000. */
export function getConsoleOrders(query: OrderSearch): Promise<ConsoleOrderPage> {
  return consoleRequest('GET', '/orders', { query });
}

/** The page keeps the rows it shows while the next page or search loads. */
export function useConsoleOrders(query: OrderSearch) {
  return useQuery({
    queryKey: [...ORDER_QUERY_KEY, 'list', query],
    queryFn: () => getConsoleOrders(query),
    placeholderData: keepPreviousData,
  });
}
