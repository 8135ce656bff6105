import { rebuyReplySchema } from '@anxin/shared/orders/order.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createMemberOrderService } from '../orders/orders.module.ts';
import { createRebuyService } from './rebuy.service.ts';

const platformHeaders = z.looseObject({ platform: z.string().max(20).optional() });
const orderParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** 再次购买 on an order: served by the cart, which the order's products go back into. */
export const rebuyModule: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: app.requireMember };
  const tags = ['orders'];
  const rebuys = createRebuyService(app.services.db, createMemberOrderService(app.services));

  app.put(
    '/v3/orders/:id/rebuy',
    {
      ...member,
      schema: {
        tags,
        summary: 'Put the order’s products back into the cart',
        headers: platformHeaders,
        params: orderParamsSchema,
        body: z.object({ sourceHost: z.string().max(200).optional() }).nullish(),
        response: { 200: rebuyReplySchema, ...errorReplies },
      },
    },
    async (request) => rebuys.rebuy(request.member.memberId, request.params.id),
  );
};
