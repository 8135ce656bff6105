import { orderLogisticsSchema } from '@anxin/shared/orders/order.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createLogisticsService } from './logistics.service.ts';

/** `GET /v2/orders/logistics?ordersCode=`; registered by the orders module. */
export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logistics = createLogisticsService(app.services.db);
  app.get(
    '/v2/orders/logistics',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['orders'],
        summary: 'Carrier, waybill, stages and tracking entries of one order (newest first)',
        headers: z.looseObject({ platform: z.string().max(20).optional() }),
        querystring: z.object({ ordersCode: z.string().min(1).max(64) }),
        response: { 200: orderLogisticsSchema, ...errorReplies },
      },
    },
    async (request) => logistics.ofMemberOrder(request.member.memberId, request.query.ordersCode),
  );
};
