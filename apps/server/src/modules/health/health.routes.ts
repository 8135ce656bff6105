import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      try {
        await app.services.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
