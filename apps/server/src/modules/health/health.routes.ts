import { healthReplySchema, healthUnavailableReplySchema } from '@anxin/shared/health/health.contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Health check for the load balancer: 200 ok while the database answers, 503 unavailable otherwise',
        response: { 200: healthReplySchema, 503: healthUnavailableReplySchema },
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

/** Baselines for `npm run bench`: the cost of the framework alone, and of one trivial query. */
export const benchBaselineModule: FastifyPluginAsyncZod = async (app) => {
  if (app.services.config.BENCH_ROUTES !== '1') return;
  const hide = { hide: true };
  app.get('/bench/hello', { schema: hide }, async () => ({ hello: 'world' }));
  app.get('/bench/one-row', { schema: hide }, async () => {
    const [row] = await queryRows<{ id: number }>(app.services.db, sql`select 1 as id`);
    return row;
  });
};
