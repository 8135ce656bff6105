import { auditLogCsvSchema, auditLogPageSchema, auditLogQuerySchema } from '@anxin/shared/staff/console.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createAuditLogService } from './audit.service.ts';

/** 操作日志 (docs/CONSOLE.md): the log of the acts, searched and exported by whoever may read it (the admin). */
export const auditConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const log = createAuditLogService(app.services.db);

  app.get(
    '/admin/audit-log',
    {
      onRequest: app.requireStaff('audit.read'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The audit log, newest first: by actor, action, object (each a start) and China days',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => log.list(request.query),
  );

  app.get(
    '/admin/audit-log.csv',
    {
      onRequest: app.requireStaff('audit.read'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The audit log with the same filter as a CSV file (UTF-8 with BOM), at most 10 000 rows',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogCsvSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(await log.csv(request.query)),
  );
};
