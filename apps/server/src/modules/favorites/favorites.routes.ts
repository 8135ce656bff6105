import {
  favoriteCreateSchema,
  favoriteListQuerySchema,
  favoriteLookupQuerySchema,
  favoriteLookupSchema,
  favoritePageSchema,
  favoriteSchema,
  recordIdParamsSchema,
} from '@anxin/shared/favorites/favorites.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteMemberFavorite, findMemberFavoritesByProducts, listMemberFavorites } from './favorites.repository.ts';
import { createFavoriteService, toFavorite } from './favorites.service.ts';

/**
 * Favourites (我的收藏): the list (4 a page), 收藏 from a product page or a search card, 取消收藏, and the hearts'
 * lookup. Every query is the signed-in member's own; another member's favourite is 404 like a missing one.
 */
export const favoritesModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const favorites = createFavoriteService(app.services);
  const member = { onRequest: app.requireMember };

  app.get(
    '/v2/favorites',
    {
      ...member,
      schema: {
        tags: ['favorites'],
        summary: 'The member’s favourites, newest first, 4 a page, each with its product as it is now',
        querystring: favoriteListQuerySchema,
        response: { 200: favoritePageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listMemberFavorites(db, request.member.memberId, page, size);
      return {
        content: rows.map((row) => toFavorite(row.favorite, row.product)),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        page,
        size,
      };
    },
  );

  app.get(
    '/v2/favorites/lookup',
    {
      ...member,
      schema: {
        tags: ['favorites'],
        summary: 'Which of these products (comma-separated codes, at most 40) the member keeps: the hearts',
        querystring: favoriteLookupQuerySchema,
        response: { 200: favoriteLookupSchema, ...errorReplies },
      },
    },
    async (request) => ({
      favorites: await findMemberFavoritesByProducts(db, request.member.memberId, request.query.productCodes),
    }),
  );

  app.post(
    '/v2/favorites',
    {
      ...member,
      schema: {
        tags: ['favorites'],
        summary: 'Keep a product: 201 new, 200 when already kept (the same favourite); unknown product 404',
        body: favoriteCreateSchema,
        response: { 200: favoriteSchema, 201: favoriteSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { favorite, isNew } = await favorites.add(request.member.memberId, request.body.productCode);
      return reply.code(isNew ? 201 : 200).send(favorite);
    },
  );

  app.delete(
    '/v2/favorites/:id',
    {
      ...member,
      schema: {
        tags: ['favorites'],
        summary: 'Remove one of the member’s favourites (取消收藏)',
        params: recordIdParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      if (!(await deleteMemberFavorite(db, request.member.memberId, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
