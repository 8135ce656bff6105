import { productCodeSchema, productReviewPageSchema } from '@anxin/shared/catalogue/catalogue.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, pageQuerySchema, toPage } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { findProduct } from '../catalogue/catalogue.module.ts';
import { findProductReviews } from './reviews.repository.ts';

const productParamsSchema = z.object({ code: productCodeSchema });

/** Public: a product page's reviews. Served by the orders module, which keeps the reviews of its orders. */
export const productReviewsModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/v2/products/:code/reviews',
    {
      config: { isCacheable: true },
      schema: {
        tags: ['catalogue'],
        summary: 'A product’s reviews, newest first; an anonymous reviewer’s name is masked (安***6)',
        params: productParamsSchema,
        querystring: pageQuerySchema,
        response: {
          200: productReviewPageSchema,
          ...errorReplies,
        },
      },
    },
    async (request) => {
      if (!(await findProduct(db, request.params.code))) throw notFound();
      const { page, size } = request.query;
      const { rows, total } = await findProductReviews(db, request.params.code, page, size);
      return toPage(rows, total, page, size);
    },
  );
};
