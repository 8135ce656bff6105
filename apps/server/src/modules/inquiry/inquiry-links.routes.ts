import {
  inquiryLinkKeySchema,
  inquiryLinkSaveReplySchema,
  inquiryLinkSaveSchema,
  inquiryLinkSchema,
} from '@anxin/shared/inquiry/inquiry-link.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { createInquiryLinkService } from './inquiry-links.service.ts';

/**
 * Complete mode and the chronic link: the key of the
 * SMS link plus the order's member signed in. Unknown key or another member: 404; expired link, canceled order
 * or used chronic link: 410 LINK_EXPIRED 链接已失效.
 */
export const inquiryLinksModule: FastifyPluginAsyncZod = async (app) => {
  const links = createInquiryLinkService(app.services);
  const tags = ['inquiry'];
  const member = { onRequest: app.requireMember };
  // A malformed key is the same 404 as an unknown one (no hint about the key's shape).
  const params = z.object({ key: z.string().max(200) });
  const checkKey = (key: string) => inquiryLinkKeySchema.safeParse(key).success;

  app.get(
    '/v2/orders/ordersPatient/:key',
    {
      ...member,
      schema: {
        tags,
        summary: 'What the complete page shows for a link: order, time left, image rule, the inquiry’s patient',
        params,
        response: { 200: inquiryLinkSchema, 410: errorBodySchema, ...errorReplies },
      },
    },
    async (request) => {
      if (!checkKey(request.params.key)) throw notFound();
      return links.readLink(request.member.memberId, request.params.key);
    },
  );

  app.post(
    '/v2/orders/ordersPatient/:key',
    {
      ...member,
      schema: {
        tags,
        summary: 'Save the patient and prescription images of the link’s order (a chronic link is then used up)',
        params,
        body: inquiryLinkSaveSchema,
        response: { 200: inquiryLinkSaveReplySchema, 410: errorBodySchema, ...errorReplies },
      },
    },
    async (request) => {
      if (!checkKey(request.params.key)) throw notFound();
      return links.saveLink(request.member.memberId, request.params.key, request.body);
    },
  );
};
