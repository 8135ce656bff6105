import {
  afterSaleApproveBodySchema,
  afterSaleCodeParamSchema,
  afterSaleRejectBodySchema,
  consoleAfterSaleDetailSchema,
  consoleAfterSalePageSchema,
  consoleAfterSaleQuerySchema,
} from '@anxin/shared/aftersale/aftersale.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createAfterSaleConsoleService } from './aftersale-console.service.ts';

/**
 * 售后 in the console (docs/AFTERSALE.md): `aftersale.review` (客服 and the admin) for everything; a refund above
 * the 客服's limit only with `orders.refund.unlimited`. Each decision answers the request as it now is.
 */
export const afterSaleConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const desk = createAfterSaleConsoleService(app.services);
  const review = { onRequest: app.requireStaff('aftersale.review') };
  const params = afterSaleCodeParamSchema;
  const reply = { 200: consoleAfterSaleDetailSchema, ...consoleErrorReplies };

  app.get(
    '/admin/aftersales',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'After-sale requests oldest first: one status, or without it every open one',
        querystring: consoleAfterSaleQuerySchema,
        response: { 200: consoleAfterSalePageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.queue(request.query),
  );

  app.get(
    '/admin/aftersales/:code',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'One request with its order, photos, the member’s other requests and what may be done',
        params,
        response: reply,
      },
    },
    async (request) => desk.detail(request.params.code, request.staff),
  );

  app.post(
    '/admin/aftersales/:code/approve',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Approves a request: 仅退款 starts its refund, 退货退款 waits for the goods at returnAddress; audited',
        params,
        body: afterSaleApproveBodySchema,
        response: reply,
      },
    },
    async (request) => desk.approve(request.params.code, request.body, request.staff),
  );

  app.post(
    '/admin/aftersales/:code/reject',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Rejects a request with the reason the member reads; audited',
        params,
        body: afterSaleRejectBodySchema,
        response: reply,
      },
    },
    async (request) => desk.reject(request.params.code, request.body.reason, request.staff),
  );

  app.post(
    '/admin/aftersales/:code/confirm-return',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The returned goods arrived: the refund starts; audited',
        params,
        body: z.object({}).optional(),
        response: reply,
      },
    },
    async (request) => desk.confirmReturn(request.params.code, request.staff),
  );

  app.post(
    '/admin/aftersales/:code/refund-again',
    {
      ...review,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Sends again a refund the payment gateway refused (the request stays 退款中); audited',
        params,
        body: z.object({}).optional(),
        response: reply,
      },
    },
    async (request) => desk.refundAgain(request.params.code, request.staff),
  );
};
