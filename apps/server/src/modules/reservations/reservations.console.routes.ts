import {
  consoleReservationPageSchema,
  consoleReservationQuerySchema,
  restockReplySchema,
  stockItemSchema,
  stockPageSchema,
  stockProductParamSchema,
  stockQuerySchema,
} from '@anxin/shared/staff/console-operations.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createStockDesk } from './reservations-console.service.ts';

/**
 * 补货到货 (`catalogue.stock`): the products with their waiting reservations, restock (the reservations' arrival
 * SMS, counted) and stock-out, each audited; 预约登记 (`reservations.read`): the reservations, phones masked.
 */
export const reservationsConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const desk = createStockDesk(app.services);
  const stock = { onRequest: app.requireStaff('catalogue.stock') };

  app.get(
    '/admin/stock',
    {
      ...stock,
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Products by code (its start) or name (a part), in or out of stock, with their waiting reservations; the most awaited first',
        querystring: stockQuerySchema,
        response: { 200: stockPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.listStock(request.query),
  );

  app.post(
    '/admin/stock/:productCode/restock',
    {
      ...stock,
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Back on sale: its waiting reservations arrive and each phone gets one SMS; answers how many were sent; audited',
        params: stockProductParamSchema,
        body: z.object({}).optional(),
        response: { 200: restockReplySchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.restock(request.params.productCode, request.staff),
  );

  app.post(
    '/admin/stock/:productCode/stockout',
    {
      ...stock,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Out of stock: the product page offers 到货通知 instead of buying; audited',
        params: stockProductParamSchema,
        body: z.object({}).optional(),
        response: { 200: stockItemSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.markOutOfStock(request.params.productCode, request.staff),
  );

  app.get(
    '/admin/reservations',
    {
      onRequest: app.requireStaff('reservations.read'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The drug reservations newest first, by product, the phone’s start and state (waiting, arrived)',
        querystring: consoleReservationQuerySchema,
        response: { 200: consoleReservationPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.listReservations(request.query),
  );
};
