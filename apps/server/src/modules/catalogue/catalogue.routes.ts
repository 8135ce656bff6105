import {
  productCodeSchema,
  productDetailSchema,
  productPageSchema,
  productSearchQuerySchema,
} from '@anxin/shared/catalogue/catalogue.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, toPage } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { findProduct, searchProducts } from './catalogue.repository.ts';
import { renderProductImage } from './product-image.ts';
import { toProductDetail, toProductView } from './product-view.ts';

const productParamsSchema = z.object({ code: productCodeSchema });

/** Public: the storefront's search and product pages (no sign-in needed). */
export const catalogueModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const tags = ['catalogue'];

  app.get(
    '/v2/products/search',
    {
      config: { isCacheable: true },
      schema: {
        tags,
        summary: 'Search products by keyword (every word must match); paged, in-stock first',
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { keyword, page, size } = request.query;
      const { rows, total } = await searchProducts(db, keyword, page, size);
      return toPage(rows.map(toProductView), total, page, size);
    },
  );

  app.get(
    '/v2/products/:code',
    {
      config: { isCacheable: true },
      schema: {
        tags,
        summary: 'One product',
        params: productParamsSchema,
        response: { 200: productDetailSchema, ...errorReplies },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.params.code);
      if (!product) throw notFound();
      return toProductDetail(product);
    },
  );

  app.get(
    '/v2/products/:code/image.svg',
    { schema: { hide: true, params: productParamsSchema } },
    async (request, reply) => {
      const product = await findProduct(db, request.params.code);
      if (!product) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(renderProductImage(product));
    },
  );
};
