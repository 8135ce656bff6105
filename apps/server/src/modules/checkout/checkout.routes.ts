import {
  buyNowBodySchema,
  placedOrderSchema,
  placeOrderBodySchema,
  settlementIdSchema,
  settlementSchema,
} from '@anxin/shared/checkout/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { createCheckoutService } from './checkout.service.ts';

export const checkoutModule: FastifyPluginAsyncZod = async (app) => {
  const checkout = createCheckoutService(app.services);
  const tags = ['checkout'];
  const replies = { ...errorReplies, 410: errorBodySchema };

  app.post(
    '/v2/settle/buyNow',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Buy one product now (skuCode, quantity 1, sourceHost): a settlement to confirm',
        body: buyNowBodySchema,
        response: { 201: settlementSchema, ...replies },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await checkout.buyNow(request.member.memberId, request.body.skuCode, request.body.quantity)),
  );

  app.post(
    '/v2/settle/cart',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Settle the cart’s ticked lines that are in stock',
        response: { 201: settlementSchema, ...replies },
      },
    },
    async (request, reply) => reply.status(201).send(await checkout.settleCart(request.member.memberId)),
  );

  app.get(
    '/v2/settle/:settlementId',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'A settlement with today’s prices, freight, discount and sum',
        params: z.object({ settlementId: settlementIdSchema }),
        response: { 200: settlementSchema, ...replies },
      },
    },
    async (request) => checkout.getSettlement(request.member.memberId, request.params.settlementId),
  );

  app.post(
    '/v2/orders',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Place the order of a settlement: one transaction, catalogue prices; waitAudit (prescription), waitPay (online) or waitDelivery (cash on delivery)',
        body: placeOrderBodySchema,
        response: { 201: placedOrderSchema, ...replies },
      },
    },
    async (request, reply) => reply.status(201).send(await checkout.placeOrder(request.member.memberId, request.body)),
  );
};
