import {
  merchantEntryBodySchema,
  merchantEntryReplySchema,
  merchantEntrySchema,
} from '@anxin/shared/merchants/merchant-entry.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createMerchantEntryService } from './merchants.service.ts';

/** The open-store application (docs/MERCHANT-ENTRY.md): the member's own only. */
export const merchantsModule: FastifyPluginAsyncZod = async (app) => {
  const entries = createMerchantEntryService(app.services);
  const tags = ['merchants'];

  app.get(
    '/v2/merchants/entry',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'The member’s latest open-store application and its status (null before the first)',
        response: { 200: merchantEntryReplySchema, ...errorReplies },
      },
    },
    async (request) => ({ entry: await entries.latest(request.member.memberId) }),
  );

  app.post(
    '/v2/merchants/entry',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary:
          'Apply to open a store: company, licence numbers, contact and the licence images (own private uploads)',
        body: merchantEntryBodySchema,
        response: { 201: merchantEntrySchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await entries.apply(request.member.memberId, request.body)),
  );
};
