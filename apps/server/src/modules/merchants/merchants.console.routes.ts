import {
  consoleMerchantApplicationDetailSchema,
  consoleMerchantApplicationPageSchema,
  merchantApplicationParamSchema,
  merchantApplicationQuerySchema,
  merchantRejectBodySchema,
} from '@anxin/shared/staff/console-operations.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import { createMerchantReviewService } from './merchants.service.ts';

/**
 * 商家入驻 in the console (docs/CONSOLE.md, `merchants.review`): the applications by state, one with its licence
 * photos, and the verdict, through the service `npm run ops -- merchant-entry` uses; each verdict audited.
 */
export const merchantsConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const review = createMerchantReviewService({ ...services, privateUrls: privateUrlSigner(services.secrets.fieldKey) });
  const permission = { onRequest: app.requireStaff('merchants.review') };
  const params = merchantApplicationParamSchema;
  const detailReply = { 200: consoleMerchantApplicationDetailSchema, ...consoleErrorReplies };

  app.get(
    '/admin/merchant-applications',
    {
      ...permission,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The open-store applications newest first, of one state (pending, approved, rejected) or all',
        querystring: merchantApplicationQuerySchema,
        response: { 200: consoleMerchantApplicationPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => review.list(request.query),
  );

  app.get(
    '/admin/merchant-applications/:id',
    {
      ...permission,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'One application: the contact’s full phone and 10-minute links to its two licence photos',
        params,
        response: detailReply,
      },
    },
    async (request) => review.detail(request.params.id),
  );

  app.post(
    '/admin/merchant-applications/:id/approve',
    {
      ...permission,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Approves a pending application (409 once reviewed); audited',
        params,
        body: z.object({}).optional(),
        response: detailReply,
      },
    },
    async (request) => {
      await review.reviewApplication(request.params.id, { approve: true }, request.staff);
      return review.detail(request.params.id);
    },
  );

  app.post(
    '/admin/merchant-applications/:id/reject',
    {
      ...permission,
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Rejects a pending application with a reason the applicant sees (409 once reviewed); audited',
        params,
        body: merchantRejectBodySchema,
        response: detailReply,
      },
    },
    async (request) => {
      const { reason } = request.body;
      await review.reviewApplication(request.params.id, { approve: false, reason }, request.staff);
      return review.detail(request.params.id);
    },
  );
};
