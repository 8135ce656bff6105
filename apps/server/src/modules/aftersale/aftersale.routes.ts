import {
  afterSaleCodeParamSchema,
  afterSaleCreateBodySchema,
  afterSaleDetailSchema,
  afterSaleFormSchema,
  afterSaleListQuerySchema,
  afterSaleOrderParamSchema,
  afterSalePageSchema,
  afterSaleQuoteBodySchema,
  afterSaleQuoteSchema,
  afterSaleReturnShipmentBodySchema,
} from '@anxin/shared/aftersale/aftersale.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createAfterSaleService } from './aftersale.service.ts';

/** The member's after-sales (docs/AFTERSALE.md): another member's order or request is 404. */
export const afterSaleModule: FastifyPluginAsyncZod = async (app) => {
  const afterSales = createAfterSaleService(app.services);
  const tags = ['aftersale'];
  const member = { onRequest: app.requireMember };
  const detailReply = { 200: afterSaleDetailSchema, ...errorReplies };

  app.get(
    '/v2/aftersale/orders/:ordersCode',
    {
      ...member,
      schema: {
        tags,
        summary:
          'The apply form of one order: whether it may ask now, the types, each line with what is left and its reasons',
        params: afterSaleOrderParamSchema,
        response: { 200: afterSaleFormSchema, ...errorReplies },
      },
    },
    async (request) => afterSales.form(request.member.memberId, request.params.ordersCode),
  );

  app.post(
    '/v2/aftersale/quote',
    {
      ...member,
      schema: {
        tags,
        summary:
          'What the picked lines would give back: money to the payment method, coins, freight; the reasons allowed',
        body: afterSaleQuoteBodySchema,
        response: { 200: afterSaleQuoteSchema, ...errorReplies },
      },
    },
    async (request) => afterSales.quote(request.member.memberId, request.body),
  );

  app.post(
    '/v2/aftersale',
    {
      ...member,
      schema: {
        tags,
        summary: 'Ask for a refund or a return: lines, type, reason, description and photos (own private uploads)',
        body: afterSaleCreateBodySchema,
        response: { 201: afterSaleDetailSchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await afterSales.create(request.member.memberId, request.body)),
  );

  app.get(
    '/v2/aftersale',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s after-sale requests, newest first; ordersCode: one order’s',
        querystring: afterSaleListQuerySchema,
        response: { 200: afterSalePageSchema, ...errorReplies },
      },
    },
    async (request) => afterSales.list(request.member.memberId, request.query),
  );

  app.get(
    '/v2/aftersale/:code',
    {
      ...member,
      schema: {
        tags,
        summary: 'One request with its timeline, photos (signed links) and what the member may do',
        params: afterSaleCodeParamSchema,
        response: detailReply,
      },
    },
    async (request) => afterSales.detail(request.member.memberId, request.params.code),
  );

  app.put(
    '/v2/aftersale/:code/cancel',
    {
      ...member,
      schema: {
        tags,
        summary: 'Cancel a request while it is 审核中',
        params: afterSaleCodeParamSchema,
        response: detailReply,
      },
    },
    async (request) => afterSales.cancel(request.member.memberId, request.params.code),
  );

  app.put(
    '/v2/aftersale/:code/return-shipment',
    {
      ...member,
      schema: {
        tags,
        summary: 'The carrier and waybill of the goods sent back (待寄回)',
        params: afterSaleCodeParamSchema,
        body: afterSaleReturnShipmentBodySchema,
        response: detailReply,
      },
    },
    async (request) => afterSales.enterReturnShipment(request.member.memberId, request.params.code, request.body),
  );
};
