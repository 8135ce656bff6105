import { dashboardSchema } from '@anxin/shared/staff/console.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createDashboardService } from './dashboard.service.ts';

/** 工作台 (docs/CONSOLE.md): the day's figures, for every signed-in staff member whatever the roles. */
export const dashboardConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app.services);

  app.get(
    '/admin/dashboard',
    {
      onRequest: app.requireStaff(),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Today’s orders, waiting Rx reviews and their median wait, open guest links, the shipping backlog, and 30 days of orders and reviews',
        response: { 200: dashboardSchema, ...consoleErrorReplies },
      },
    },
    async () => dashboard.figures(),
  );
};
