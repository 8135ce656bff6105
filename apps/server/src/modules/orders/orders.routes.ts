import { MSG } from '@anxin/shared/common/messages';
import { pageOf } from '@anxin/shared/common/page';
import {
  evaluationFormSchema,
  orderCountsSchema,
  orderDetailSchema,
  orderSchema,
} from '@anxin/shared/orders/order.contract';
import { ORDER_LIST_TYPES, ORDER_TYPES } from '@anxin/shared/orders/order-status';
import { evaluateOrderBodySchema } from '@anxin/shared/orders/review.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { sendRenderedJson } from '../../platform/reply-serializer.ts';
import { logisticsRoutes } from './logistics.routes.ts';
import { createFirstPageCache, createMemberOrderService } from './member-orders.service.ts';

/** Order calls carry `platform: PC`; accepted, not required. */
const platformHeaders = z.looseObject({ platform: z.string().max(20).optional() });

const orderParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Order lists show 4 a page. */
const listQuerySchema = z.object({
  type: z.enum(ORDER_LIST_TYPES).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(4),
});

/** 'YYYY-MM-DD' is a day in China time; an ISO date-time is taken as it is. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateParamSchema = z
  .string()
  .trim()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00+08:00` : value)), {
    error: MSG.badRequest,
  });
const startOf = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00+08:00` : value);
/** An end date given as a day includes that whole day. */
const endOf = (value: string) =>
  DATE_ONLY.test(value) ? new Date(Date.parse(`${value}T00:00:00+08:00`) + 86_400_000) : new Date(value);

const filterQuerySchema = listQuerySchema.extend({
  beginDate: dateParamSchema.optional(),
  endDate: dateParamSchema.optional(),
  productName: z.string().trim().max(50, { error: MSG.searchTextTooLong }).optional(),
  /** The status filter: one order type. */
  status: z.enum(ORDER_TYPES).optional(),
});

export const ordersModule: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  const tags = ['orders'];
  const member = { onRequest: app.requireMember };
  const firstPages = createFirstPageCache(db);
  const memberOrders = createMemberOrderService(app.services);

  app.get(
    '/v3/orders/counts',
    {
      ...member,
      schema: {
        tags,
        summary: 'Order counts for the member home badges',
        headers: platformHeaders,
        response: { 200: orderCountsSchema, ...errorReplies },
      },
    },
    async (request) => memberOrders.countMemberOrders(request.member.memberId),
  );

  app.get(
    '/v3/orders',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s orders of one tab, newest first',
        headers: platformHeaders,
        querystring: listQuerySchema,
        response: { 200: pageOf(orderSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { memberId } = request.member;
      if (request.query.page > 1) return memberOrders.listMemberOrders(memberId, request.query);
      const json = await firstPages.json(memberId, request.query, (page) => String(reply.serialize(page)));
      return sendRenderedJson(reply, json);
    },
  );

  app.get(
    '/v3/orders/filter',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s orders by tab, time range, product name and status',
        headers: platformHeaders,
        querystring: filterQuerySchema,
        response: { 200: pageOf(orderSchema), ...errorReplies },
      },
    },
    async (request) => {
      const { beginDate, endDate, productName, ...rest } = request.query;
      return memberOrders.listMemberOrders(request.member.memberId, {
        ...rest,
        beginDate: beginDate ? startOf(beginDate) : undefined,
        endDate: endDate ? endOf(endDate) : undefined,
        productName: productName || undefined,
      });
    },
  );

  app.get(
    '/v3/orders/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Order detail; an array (one element per sub-order) for a split order',
        headers: platformHeaders,
        params: orderParamsSchema,
        response: { 200: orderDetailSchema, ...errorReplies },
      },
    },
    async (request) => memberOrders.getMemberOrderDetail(request.member.memberId, request.params.id),
  );

  app.put(
    '/v3/orders/:id/platformCancel',
    {
      ...member,
      schema: {
        tags,
        summary: 'Cancel an unpaid order',
        headers: platformHeaders,
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errorReplies },
      },
    },
    async (request) => memberOrders.cancelMemberOrder(request.member.memberId, request.params.id),
  );

  app.delete(
    '/v3/orders/:id/delete',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete a closed order (statuses 50, 70, 150, 200) from the member’s lists',
        headers: platformHeaders,
        params: orderParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await memberOrders.deleteMemberOrder(request.member.memberId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/v3/orders/:id/received',
    {
      ...member,
      schema: {
        tags,
        summary: 'Confirm receipt',
        headers: platformHeaders,
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errorReplies },
      },
    },
    async (request) => memberOrders.confirmMemberReceipt(request.member.memberId, request.params.id),
  );

  app.get(
    '/v3/orders/:id/evaluate',
    {
      ...member,
      schema: {
        tags,
        summary: 'The products of an order to review, with the tag options and any review written',
        headers: platformHeaders,
        params: orderParamsSchema,
        response: { 200: evaluationFormSchema, ...errorReplies },
      },
    },
    async (request) => memberOrders.getEvaluationForm(request.member.memberId, request.params.id),
  );

  app.post(
    '/v3/orders/:id/evaluate',
    {
      ...member,
      schema: {
        tags,
        summary: 'Review every product of an order; the order moves to completeTransaction',
        headers: platformHeaders,
        params: orderParamsSchema,
        body: evaluateOrderBodySchema,
        response: { 200: orderSchema, ...errorReplies },
      },
    },
    async (request) =>
      memberOrders.evaluateMemberOrder(request.member.memberId, request.params.id, request.body, config.AVATAR_HOST),
  );

  await app.register(logisticsRoutes);
};
