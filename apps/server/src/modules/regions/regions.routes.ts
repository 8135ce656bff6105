import { REGION_CODE_PATTERN, regionOptionSchema } from '@anxin/shared/addresses/address.schemas';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { findChildRegions } from './regions.repository.ts';

/** The region tree changes with a data release only: browsers and proxies may keep an answer for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

export const regionsModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/v2/regions',
    {
      schema: {
        tags: ['regions'],
        summary: 'Children of a region (no parentCode: the provinces); feeds the address cascader level by level',
        querystring: z.object({
          parentCode: z
            .string()
            .trim()
            .refine((value) => value === '' || REGION_CODE_PATTERN.test(value), { error: MSG.regionInvalid })
            .optional(),
        }),
        response: { 200: z.array(regionOptionSchema), ...errorReplies },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return findChildRegions(db, request.query.parentCode || undefined);
    },
  );
};
