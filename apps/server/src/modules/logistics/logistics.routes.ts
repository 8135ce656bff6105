import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { getMemberLogistics } from './logistics.service.ts';

const logisticsSchema = z.object({
  companeName: z.string(),
  shippingNo: z.string(),
  orderCode: z.string(),
  stages: z.array(z.object({ name: z.string(), reach: z.boolean(), time: z.string().nullable() })),
  logisticsList: z.array(z.object({ description: z.string(), time: z.string() })),
  /** Empty when there are tracking entries, else 暂无物流信息. */
  msg: z.string(),
});

/** `GET /v2/orders/logistics?ordersCode=`; registered by the orders module. */
export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.get(
    '/v2/orders/logistics',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['orders'],
        summary: 'Carrier, waybill, stages and tracking entries of one order (newest first)',
        headers: z.looseObject({ platform: z.string().max(20).optional() }),
        querystring: z.object({ ordersCode: z.string().min(1).max(64) }),
        response: { 200: logisticsSchema, ...errorReplies },
      },
    },
    async (request) => getMemberLogistics(db, request.member.memberId, request.query.ordersCode),
  );
};
