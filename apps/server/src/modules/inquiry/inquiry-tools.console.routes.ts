import { rxOrderSettingsSchema } from '@anxin/shared/inquiry/inquiry.contract';
import {
  consoleInquiryLinkPageSchema,
  consoleInquiryLinkSchema,
  inquiryLinkCreateBodySchema,
  inquiryLinkIdParamSchema,
  inquiryLinkQuerySchema,
  rxSettingsChangeSchema,
} from '@anxin/shared/staff/console-rx.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createInquiryLinkSender } from './inquiry-links.service.ts';
import { changeRxOrderSettings, readRxOrderSettings } from './rx-settings.ts';

/**
 * 问诊链接 (`rx.links`) and 处方设置 (`rx.settings`) in the console (docs/CONSOLE.md): what `npm run ops --
 * inquiry-link|rx-settings` do, through the same services; each change audited.
 */
export const inquiryToolsConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.services;
  const links = createInquiryLinkSender({ ...app.services, publicOrigin: config.PUBLIC_ORIGIN });

  app.post(
    '/admin/inquiry-links',
    {
      onRequest: app.requireStaff('rx.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Makes a complete (72 h) or chronic (24 h, used once) link for an order whose inquiry waits and texts it to the consignee; answers the link as listed (the key travels only in the SMS)',
        body: inquiryLinkCreateBodySchema,
        response: { 201: consoleInquiryLinkSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const made = await links.createInquiryLink(request.body.ordersCode, request.body.kind, request.staff);
      return reply.status(201).send(made.item);
    },
  );

  app.get(
    '/admin/inquiry-links',
    {
      onRequest: app.requireStaff('rx.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The inquiry links newest first with their state (live, used, expired, ended, void)',
        querystring: inquiryLinkQuerySchema,
        response: { 200: consoleInquiryLinkPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => links.listInquiryLinks(request.query),
  );

  app.post(
    '/admin/inquiry-links/:id/end',
    {
      onRequest: app.requireStaff('rx.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Ends a live inquiry link at once (its key answers 410 from then on)',
        params: inquiryLinkIdParamSchema,
        response: { 200: consoleInquiryLinkSchema, ...consoleErrorReplies },
      },
    },
    async (request) => links.endInquiryLink(request.params.id, request.staff),
  );

  app.get(
    '/admin/rx-settings',
    {
      onRequest: app.requireStaff('rx.settings'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The Rx order settings in force (the stored values over the defaults)',
        response: { 200: rxOrderSettingsSchema, ...consoleErrorReplies },
      },
    },
    async () => readRxOrderSettings(db),
  );

  app.put(
    '/admin/rx-settings',
    {
      onRequest: app.requireStaff('rx.settings'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Changes some of the Rx order settings; answers the settings in force; audited',
        body: rxSettingsChangeSchema,
        response: { 200: rxOrderSettingsSchema, ...consoleErrorReplies },
      },
    },
    async (request) => changeRxOrderSettings(db, request.body, request.staff, clock),
  );
};
