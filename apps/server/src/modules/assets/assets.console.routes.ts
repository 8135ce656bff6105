import {
  coinAdjustBodySchema,
  coinAdjustmentPageSchema,
  coinAdjustmentQuerySchema,
  coinAdjustReplySchema,
  couponBatchListSchema,
  couponBatchParamSchema,
  couponBatchSchema,
  couponBatchStartSchema,
  couponTemplateCreateSchema,
  couponTemplateListSchema,
  couponTemplateSchema,
} from '@anxin/shared/staff/console-assets.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createCoinAdjustmentService } from './coin-adjustments.service.ts';
import { createCouponBatchService } from './coupon-batches.service.ts';
import { createCouponTemplateService } from './coupon-templates.service.ts';

/**
 * 营销 — 健康补贴与健康币 (docs/CONSOLE.md): coupon templates, batches issued with their progress
 * (`assets.coupons`), operators' coin adjustments (`assets.coins`); on the services `npm run ops -- coupon-batch`
 * and `coins` use, each act audited.
 */
export const assetsConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const templates = createCouponTemplateService(app.services);
  const batches = createCouponBatchService(app.services);
  const coinAdjustments = createCoinAdjustmentService(app.services);

  // Batches run in this process after their start has answered; closing lets each finish its chunk and leaves the
  // rest to the next read of the batch (a stalled batch is carried on by whichever process answers it).
  const running = new Map<number, Promise<void>>();
  let isClosing = false;
  function carryOn(id: number) {
    if (running.has(id) || isClosing) return;
    const work = batches
      .runToEnd(id, () => isClosing)
      .catch((error: unknown) => app.log.error({ err: error, batchId: id }, 'coupon batch failed'))
      .finally(() => running.delete(id));
    running.set(id, work);
  }
  app.addHook('onClose', async () => {
    isClosing = true;
    await Promise.allSettled([...running.values()]);
  });

  const coupons = { onRequest: app.requireStaff('assets.coupons') };
  const coins = { onRequest: app.requireStaff('assets.coins') };

  app.get(
    '/admin/coupon-templates',
    {
      ...coupons,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The coupon templates, newest first',
        response: { 200: couponTemplateListSchema, ...consoleErrorReplies },
      },
    },
    async () => templates.list(),
  );

  app.post(
    '/admin/coupon-templates',
    {
      ...coupons,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'A new coupon template (the coupon command’s terms, a name and a unique code); audited',
        body: couponTemplateCreateSchema,
        response: { 201: couponTemplateSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(request.body, request.staff)),
  );

  app.get(
    '/admin/coupon-batches',
    {
      ...coupons,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The latest 20 batches with their progress, newest first',
        response: { 200: couponBatchListSchema, ...consoleErrorReplies },
      },
    },
    async () => batches.listRecent(),
  );

  app.post(
    '/admin/coupon-batches',
    {
      ...coupons,
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Starts a batch: one coupon of the template to each listed phone’s member and/or every member; answers it at once (its progress at GET /admin/coupon-batches/{id}); audited',
        body: couponBatchStartSchema,
        response: { 201: couponBatchSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const batch = await batches.start(request.body, request.staff);
      if (batch.state === 'running') carryOn(batch.id);
      return reply.status(201).send(batch);
    },
  );

  app.get(
    '/admin/coupon-batches/:id',
    {
      ...coupons,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'A batch’s progress: {total, done, issued, skipped, state}',
        params: couponBatchParamSchema,
        response: { 200: couponBatchSchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      const { batch, isStalled } = await batches.read(request.params.id);
      if (isStalled) carryOn(batch.id);
      return batch;
    },
  );

  app.get(
    '/admin/coin-adjustments',
    {
      ...coins,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Operators’ coin adjustments newest first, by the start of the member’s phone (masked), 20 a page',
        querystring: coinAdjustmentQuerySchema,
        response: { 200: coinAdjustmentPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => coinAdjustments.list(request.query),
  );

  app.post(
    '/admin/coin-adjustments',
    {
      ...coins,
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Gives (+) or takes back (−) a member’s coins with a reason the member reads; never below a zero balance; audited',
        body: coinAdjustBodySchema,
        response: { 201: coinAdjustReplySchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await coinAdjustments.adjust(request.body, request.staff)),
  );
};
