import {
  addCartItemsBodySchema,
  cartViewSchema,
  selectAllCartItemsBodySchema,
  updateCartItemBodySchema,
} from '@anxin/shared/cart/cart';
import { productCodeSchema } from '@anxin/shared/catalogue/catalogue.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { createCartService } from './cart.service.ts';

const lineParamsSchema = z.object({ productCode: productCodeSchema });

export const cartModule: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartService(app.services.db);
  const tags = ['cart'];

  app.get(
    '/v2/memberShopCarts',
    {
      onRequest: app.requireMember,
      schema: { tags, summary: 'The member’s cart', response: { 200: cartViewSchema, ...errorReplies } },
    },
    async (request) => cart.getCart(request.member.memberId),
  );

  app.post(
    '/v2/memberShopCarts/items',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Add products to the cart (a list of productCode, num, sourceHost); answers the cart',
        body: addCartItemsBodySchema,
        response: { 201: cartViewSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const items = request.body.map((item) => ({ productCode: item.productCode, quantity: item.num }));
      return reply.status(201).send(await cart.addItems(request.member.memberId, items));
    },
  );

  app.put(
    '/v2/memberShopCarts/items/:productCode',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Change a line’s quantity (1-99) and / or tick it; answers the cart',
        params: lineParamsSchema,
        body: updateCartItemBodySchema,
        response: { 200: cartViewSchema, ...errorReplies },
      },
    },
    async (request) => cart.updateItem(request.member.memberId, request.params.productCode, request.body),
  );

  app.put(
    '/v2/memberShopCarts/selection',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Tick or untick every line; answers the cart',
        body: selectAllCartItemsBodySchema,
        response: { 200: cartViewSchema, ...errorReplies },
      },
    },
    async (request) => cart.selectAll(request.member.memberId, request.body.selected),
  );

  app.delete(
    '/v2/memberShopCarts/items/:productCode',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        summary: 'Remove a line',
        params: lineParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await cart.removeItem(request.member.memberId, request.params.productCode);
      return reply.status(204).send(null);
    },
  );
};
