import { DEFAULT_MALL_CONFIG } from '@anxin/shared/mall/mall-config';
import {
  consoleMallConfigSchema,
  type MallConfigChanges,
  mallConfigChangesSchema,
} from '@anxin/shared/staff/console-operations.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createMallConfigService } from './mall-config.service.ts';

/**
 * 商城配置 in the console (docs/CONSOLE.md, `mall.config`): every key with the value in force and its default,
 * and a change of some keys, checked and stored as `npm run ops -- mall-config` does; audited.
 */
export const mallConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const mallConfig = createMallConfigService(app.services);
  const reply = { 200: consoleMallConfigSchema, ...consoleErrorReplies };

  app.get(
    '/admin/mall-config',
    {
      onRequest: app.requireStaff('mall.config'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The mall configuration in force, every key with its default',
        response: reply,
      },
    },
    async () => ({ values: await mallConfig.read(), defaults: DEFAULT_MALL_CONFIG }),
  );

  app.put(
    '/admin/mall-config',
    {
      onRequest: app.requireStaff('mall.config'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Sets the keys given (null: back to the default), each checked by its schema; the others are left as they are; audited',
        body: mallConfigChangesSchema,
        response: reply,
      },
    },
    async (request) => ({
      values: await mallConfig.update(request.body as MallConfigChanges, request.staff),
      defaults: DEFAULT_MALL_CONFIG,
    }),
  );
};
