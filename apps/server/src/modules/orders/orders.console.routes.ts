import {
  consoleOrderDetailSchema,
  consoleOrderPageSchema,
  consoleOrderQuerySchema,
  consoleOrdersCodeParamSchema,
  logisticsBodySchema,
  refundBodySchema,
  shipBodySchema,
  splitBodySchema,
} from '@anxin/shared/staff/console.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createOrdersConsoleService } from './orders-console.service.ts';

/**
 * 订单 in the console (docs/CONSOLE.md): search and detail for `orders.read`; each act for its own permission,
 * answered with the order as it now is. Every act is audited in its transaction.
 */
export const ordersConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const desk = createOrdersConsoleService(app.services);
  const params = consoleOrdersCodeParamSchema;
  const reply = { 200: consoleOrderDetailSchema, ...consoleErrorReplies };

  app.get(
    '/admin/orders',
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Orders newest first, by order code (its start), the member’s or consignee’s phone, status and China days',
        querystring: consoleOrderQuerySchema,
        response: { 200: consoleOrderPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.search(request.query),
  );

  app.get(
    '/admin/orders/:ordersCode',
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'One order: lines, money, consignee, shipment with its tracking, sub-orders, timeline and what can be done',
        params,
        response: reply,
      },
    },
    async (request) => desk.detail(request.params.ordersCode),
  );

  app.post(
    '/admin/orders/:ordersCode/ship',
    {
      onRequest: app.requireStaff('orders.ship'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Ships a paid order (待发货 → 待收货) with its carrier and waybill; audited',
        params,
        body: shipBodySchema,
        response: reply,
      },
    },
    async (request) => desk.ship(request.params.ordersCode, request.body, request.staff),
  );

  app.post(
    '/admin/orders/:ordersCode/logistics',
    {
      onRequest: app.requireStaff('orders.logistics'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Adds a tracking entry to a shipped order; audited',
        params,
        body: logisticsBodySchema,
        response: reply,
      },
    },
    async (request) => desk.addLogistics(request.params.ordersCode, request.body.text, request.staff),
  );

  app.post(
    '/admin/orders/:ordersCode/deliver',
    {
      onRequest: app.requireStaff('orders.deliver'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Marks a shipped order delivered (the member then confirms receipt); audited',
        params,
        body: z.object({}).optional(),
        response: reply,
      },
    },
    async (request) => desk.deliver(request.params.ordersCode, request.staff),
  );

  app.post(
    '/admin/orders/:ordersCode/split',
    {
      onRequest: app.requireStaff('orders.split'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Splits an order before shipping into sub-orders by product groups (default one per product); audited',
        params,
        body: splitBodySchema,
        response: reply,
      },
    },
    async (request) => desk.split(request.params.ordersCode, request.body.groups, request.staff),
  );

  app.post(
    '/admin/orders/:ordersCode/refund',
    {
      onRequest: app.requireStaff('orders.refund'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Starts a paid order’s refund, or with complete records it done; above ¥500.00 only with orders.refund.unlimited; audited',
        params,
        body: refundBodySchema,
        response: reply,
      },
    },
    async (request) => desk.refund(request.params.ordersCode, request.body.complete === true, request.staff),
  );
};
