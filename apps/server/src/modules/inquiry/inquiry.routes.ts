import {
  inquiryDataSchema,
  inquirySubmitReplySchema,
  inquirySubmitSchema,
  prescriptionLookupSchema,
  prescriptionSchema,
} from '@anxin/shared/inquiry/inquiry.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createInquiryService } from './inquiry.service.ts';

const ordersCodeParams = z.object({ ordersCode: z.string().min(1).max(40) });

/** The prescription inquiry of a member's order (/pay/inquiry) and the prescription's progress. */
export const inquiryModule: FastifyPluginAsyncZod = async (app) => {
  const inquiry = createInquiryService(app.services);
  const tags = ['inquiry'];
  const member = { onRequest: app.requireMember };

  app.get(
    '/v2/orders/inquiry/:ordersCode',
    {
      ...member,
      schema: {
        tags,
        summary: 'What /pay/inquiry shows for an order: its prescription products, the Rx settings, the inquiry so far',
        params: ordersCodeParams,
        response: { 200: inquiryDataSchema, ...errorReplies },
      },
    },
    async (request) => inquiry.getInquiryData(request.member.memberId, request.params.ordersCode),
  );

  app.post(
    '/v2/orders/inquiry/perfect/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Submit the inquiry of an order (every rule re-checked); the order can then be paid',
        params: z.object({ id: z.string().min(1).max(40) }),
        body: inquirySubmitSchema,
        response: { 200: inquirySubmitReplySchema, ...errorReplies },
      },
    },
    async (request) => inquiry.submit(request.member.memberId, request.params.id, request.body),
  );

  app.post(
    '/v2/orders/inquiry/perfectV2',
    {
      ...member,
      schema: {
        tags,
        summary: 'The same submission with the order code in the body',
        body: inquirySubmitSchema.extend({ ordersCode: z.string().min(1).max(40) }),
        response: { 200: inquirySubmitReplySchema, ...errorReplies },
      },
    },
    async (request) => inquiry.submit(request.member.memberId, request.body.ordersCode, request.body),
  );

  app.get(
    '/v5/orders/prescriptionSign/findByOrdersCodes',
    {
      ...member,
      schema: {
        tags,
        summary: 'Prescription lookup of the member’s orders (comma-separated codes) with the review’s progress',
        querystring: z.object({ ordersCodes: z.string().min(1).max(2000) }),
        response: { 200: z.array(prescriptionLookupSchema), ...errorReplies },
      },
    },
    async (request) => {
      const codes = [...new Set(request.query.ordersCodes.split(',').map((code) => code.trim()))].filter(Boolean);
      return inquiry.lookup(request.member.memberId, codes.slice(0, 50));
    },
  );

  app.get(
    '/v2/orders/:ordersCode/prescription',
    {
      ...member,
      schema: {
        tags,
        summary: 'The prescription of an order once a pharmacist passed it (404 before)',
        params: ordersCodeParams,
        response: { 200: prescriptionSchema, ...errorReplies },
      },
    },
    async (request) => inquiry.prescriptionOf(request.member.memberId, request.params.ordersCode),
  );
};
