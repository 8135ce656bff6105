import { pageOf } from '@anxin/shared/common/page';
import { diseaseSchema, diseaseSearchQuerySchema } from '@anxin/shared/inquiry/inquiry.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, toPage } from '../../platform/api-schemas.ts';
import { searchDiseases } from './diseases.repository.ts';

/**
 * The diagnosis dictionary. Public, like the catalogue: the disease picker also serves the
 * guest payment-link inquiry (no sign-in, only a link key), and the dictionary is reference data with nothing
 * personal in it. `age` is accepted as the spec sends it; the dictionary has no age rules (age bans belong to
 * products, checked by the inquiry), so it does not filter.
 */
export const diseasesModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/v3/product/dataDict/diseases',
    {
      config: { isCacheable: true },
      schema: {
        tags: ['diseases'],
        summary:
          'Search the diagnosis dictionary by Chinese name (contains) or ICD-10 code (starts with), for a sex ' +
          '(0 male, 1 female; common diseases always); the common diagnoses first; paged, 10 by default',
        querystring: diseaseSearchQuerySchema,
        response: { 200: pageOf(diseaseSchema), ...errorReplies },
      },
    },
    async (request) => {
      const { name, sex, page, size } = request.query;
      const { rows, total } = await searchDiseases(db, { name, sex, page, size });
      return toPage(rows, total, page, size);
    },
  );
};
