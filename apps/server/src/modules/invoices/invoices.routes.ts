import { mailOutboxMessageSchema } from '@anxin/shared/dev/mail-outbox.contract';
import {
  invoiceDetailSchema,
  invoiceEmailBodySchema,
  invoiceEmailReplySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceUrlsSchema,
  ordersCodeParamSchema,
} from '@anxin/shared/invoices/invoice.contract';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorReplies } from '../../platform/api-schemas.ts';
import { createMailProvider } from '../../platform/mail/create-mail-provider.ts';
import { mailOutbox } from '../../platform/platform.schema.ts';
import { createFileStorage } from '../../platform/storage/create-storage.ts';
import { createInvoiceService } from './invoices.service.ts';

const tags = ['invoices'];

/**
 * Invoices (docs/INVOICES.md): the member's issued invoices, one by order code, signed links to its PDF, the
 * PDF itself by such a link, and sending it by e-mail through the mail adapter. Outside production also the
 * sandbox mail outbox, the way the SMS outbox is served.
 */
export const invoicesModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, secrets } = app.services;
  const invoices = createInvoiceService({
    db,
    clock,
    storage: createFileStorage(config),
    mail: app.services.mail ?? createMailProvider(config, db, clock),
    fieldKey: secrets.fieldKey,
    log: app.services.log,
  });
  const member = { onRequest: app.requireMember };

  app.get(
    '/v2/invoices',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s issued invoices, newest first, 4 a page',
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema, ...errorReplies },
      },
    },
    async (request) => invoices.list(request.member.memberId, request.query.page, request.query.size),
  );

  app.get(
    '/v2/invoices/:ordersCode',
    {
      ...member,
      schema: {
        tags,
        summary: 'The invoice of one of the member’s orders (another member’s: 404)',
        params: ordersCodeParamSchema,
        response: { 200: invoiceDetailSchema, ...errorReplies },
      },
    },
    async (request) => invoices.detail(request.member.memberId, request.params.ordersCode),
  );

  app.get(
    '/v2/invoices/:ordersCode/urls',
    {
      ...member,
      schema: {
        tags,
        summary: 'Signed links to the invoice PDF, valid 10 minutes',
        params: ordersCodeParamSchema,
        response: { 200: invoiceUrlsSchema, ...errorReplies },
      },
    },
    async (request) => invoices.urls(request.member.memberId, request.params.ordersCode),
  );

  app.get(
    '/v2/invoices/:ordersCode/pdf',
    {
      schema: {
        tags,
        summary: 'The invoice PDF by a signed link from …/urls (no sign-in: the link is the key); otherwise 404',
        params: ordersCodeParamSchema,
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { exp, sig } = request.query;
      const { bytes, filename } = await invoices.pdfByLink(request.params.ordersCode, exp, sig);
      return reply
        .type('application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `inline; filename="invoice.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  const redLetterParams = ordersCodeParamSchema.extend({ invoiceNumber: z.string().regex(/^\d{20}$/) });

  app.get(
    '/v2/invoices/:ordersCode/red-letters/:invoiceNumber/urls',
    {
      ...member,
      schema: {
        tags,
        summary: 'Signed links to a red-letter (红字) invoice PDF of the order’s refund, valid 10 minutes',
        params: redLetterParams,
        response: { 200: invoiceUrlsSchema, ...errorReplies },
      },
    },
    async (request) =>
      invoices.redLetterUrls(request.member.memberId, request.params.ordersCode, request.params.invoiceNumber),
  );

  app.get(
    '/v2/invoices/:ordersCode/red-letters/:invoiceNumber/pdf',
    {
      schema: {
        tags,
        summary:
          'A red-letter invoice PDF by a signed link from …/urls (no sign-in: the link is the key); otherwise 404',
        params: redLetterParams,
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { ordersCode, invoiceNumber } = request.params;
      const { bytes, filename } = await invoices.redLetterPdfByLink(ordersCode, invoiceNumber, request.query);
      return reply
        .type('application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `inline; filename="invoice.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.post(
    '/v2/invoices/:ordersCode/email',
    {
      ...member,
      schema: {
        tags,
        summary: 'Sends the invoice PDF to 1–5 e-mail addresses (10 requests an hour per member)',
        params: ordersCodeParamSchema,
        body: invoiceEmailBodySchema,
        response: { 200: invoiceEmailReplySchema, ...errorReplies, 502: errorBodySchema },
      },
    },
    async (request) => invoices.email(request.member.memberId, request.params.ordersCode, request.body.emails),
  );

  if (!config.isProduction) {
    app.get(
      '/dev/mail-outbox',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'The sandbox mail outbox, newest first, optionally only messages to one address (not in production)',
          querystring: z.object({ to: z.string().trim().max(100).optional() }),
          response: {
            200: z.array(mailOutboxMessageSchema),
            ...errorReplies,
          },
        },
      },
      async (request) => {
        const to = request.query.to?.toLowerCase();
        const rows = await db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt))
          .limit(to ? 500 : 50);
        return rows
          .filter((row) => !to || row.recipients.includes(to))
          .slice(0, 50)
          .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      },
    );
  }
};
