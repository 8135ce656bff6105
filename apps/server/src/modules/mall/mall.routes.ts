import { mallConfigQuerySchema, mallConfigReplySchema } from '@anxin/shared/mall/mall-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { pickGroups } from './mall-config.rules.ts';
import { createMallConfigService } from './mall-config.service.ts';

/**
 * The mall configuration (docs/MALL-CONFIG.md): public, no sign-in, since the storefront shows it to visitors.
 * Nothing is cached: an operator's change shows on the next call.
 */
export const mallModule: FastifyPluginAsyncZod = async (app) => {
  const mallConfig = createMallConfigService(app.services);

  app.get(
    '/v2/mall/config',
    {
      schema: {
        tags: ['mall'],
        summary: 'The mall configuration of the asked groups (m-mall, mall-global), merged into one object',
        querystring: mallConfigQuerySchema,
        response: { 200: mallConfigReplySchema, ...errorReplies },
      },
    },
    async (request) => pickGroups(await mallConfig.read(), request.query.module),
  );
};
