import {
  consoleInquiryDetailSchema,
  consoleInquiryItemSchema,
  consoleOrdersCodeParamSchema,
  rejectReasonText,
  rxReviewBodySchema,
  rxReviewReplySchema,
} from '@anxin/shared/staff/console.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createInquiryReviewService } from './inquiry.service.ts';
import { createInquiryConsoleService } from './inquiry-console.service.ts';

/** 处方审核 (docs/CONSOLE.md): the pharmacist's queue, one order's inquiry and the verdict, for `rx.review`. */
export const inquiryConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const desk = createInquiryConsoleService(app.services);
  const reviews = createInquiryReviewService({
    ...app.services,
    paymentTimeoutMinutes: app.services.config.ORDER_PAYMENT_TIMEOUT_MINUTES,
  });

  app.get(
    '/admin/inquiries',
    {
      onRequest: app.requireStaff('rx.review'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The prescription orders waiting for review, oldest first, with how long each has waited',
        response: { 200: z.array(consoleInquiryItemSchema), ...consoleErrorReplies },
      },
    },
    async () => desk.queue(),
  );

  app.get(
    '/admin/inquiries/:ordersCode',
    {
      onRequest: app.requireStaff('rx.review'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'One order’s inquiry in full (medication user masked, diagnoses, answers, signed image links, drugs, earlier prescriptions); the read is logged',
        params: consoleOrdersCodeParamSchema,
        response: { 200: consoleInquiryDetailSchema, ...consoleErrorReplies },
      },
    },
    async (request) => desk.detail(request.params.ordersCode, request.staff),
  );

  app.post(
    '/admin/inquiries/:ordersCode/audit',
    {
      onRequest: app.requireStaff('rx.review'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'The pharmacist’s verdict: pass, or reject with a listed reason and a note (a paid order then waits for its refund); audited',
        params: consoleOrdersCodeParamSchema,
        body: rxReviewBodySchema,
        response: { 200: rxReviewReplySchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      const { verdict, reason, note } = request.body;
      const order = await app.services.db.transaction((tx) =>
        reviews.reviewInquiry(tx, {
          ordersCode: request.params.ordersCode,
          verdict,
          pharmacist: request.staff.displayName,
          reason: verdict === 'reject' && reason ? rejectReasonText(reason, note) : undefined,
          actor: request.staff,
        }),
      );
      return {
        ordersCode: order.ordersCode,
        status: verdict === 'pass' ? ('passed' as const) : ('rejected' as const),
        orderType: order.orderType,
      };
    },
  );
};
