import { callbackRequestBodySchema, callbackRequestSchema } from '@anxin/shared/mall/callback.contract';
import { mallConfigQuerySchema, mallConfigReplySchema } from '@anxin/shared/mall/mall-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createCallbackService } from './callbacks.service.ts';
import { pickGroups } from './mall-config.rules.ts';
import { createMallConfigService } from './mall-config.service.ts';

/**
 * The mall configuration (docs/MALL-CONFIG.md): public, no sign-in, since the storefront shows it to visitors.
 * Nothing is cached: an operator's change shows on the next call. And 药师回电, which it switches on and off.
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

  const callbacks = createCallbackService(app.services);
  app.post(
    '/v2/mall/callbacks',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['mall'],
        summary:
          '药师回电: call the member’s phone back, about one of their orders when named. 201 new; 200 when one is ' +
          'already open; 409 while callbackAvailable is off or the account has no phone; another member’s order 404',
        body: callbackRequestBodySchema,
        response: { 200: callbackRequestSchema, 201: callbackRequestSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { request: callback, isNew } = await callbacks.request(request.member.memberId, request.body.ordersCode);
      return reply.code(isNew ? 201 : 200).send(callback);
    },
  );
};
