import {
  consoleOrdersCodeParamSchema,
  guestLinkItemSchema,
  guestLinkPageSchema,
  guestLinkQuerySchema,
  guestOrderBodySchema,
} from '@anxin/shared/staff/console.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_ROUTE, consoleErrorReplies } from '../../platform/staff-auth.ts';
import { createGuestOrders } from './guest-orders.service.ts';

/**
 * 代客下单 (docs/CONSOLE.md, `guest.links`): place an order for a phone and SMS it the payment link, see each
 * link's state, end one. Through the service `npm run ops -- guest-order|guest-link-end` use; audited.
 */
export const guestPayConsoleModule: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.services;
  const guestOrders = createGuestOrders({
    ...app.services,
    publicOrigin: config.PUBLIC_ORIGIN,
    guestLinkHours: config.GUEST_LINK_HOURS,
  });

  app.post(
    '/admin/guest-orders',
    {
      onRequest: app.requireStaff('guest.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary:
          'Places an order for a phone (its account made when it has none) and texts it the payment link; answers the link',
        body: guestOrderBodySchema,
        response: { 201: guestLinkItemSchema, ...consoleErrorReplies },
      },
    },
    async (request, reply) => {
      const { province, city, district, detail, ...order } = request.body;
      const placed = await guestOrders.place(
        { ...order, address: { province, city, district, detail } },
        request.staff,
      );
      return reply.status(201).send(await guestOrders.linkItem(placed.order.ordersCode));
    },
  );

  app.get(
    '/admin/guest-links',
    {
      onRequest: app.requireStaff('guest.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'The guest payment links newest first with their state (sent, confirmed, paid, expired, ended)',
        querystring: guestLinkQuerySchema,
        response: { 200: guestLinkPageSchema, ...consoleErrorReplies },
      },
    },
    async (request) => guestOrders.list(request.query),
  );

  app.post(
    '/admin/guest-links/:ordersCode/end',
    {
      onRequest: app.requireStaff('guest.links'),
      schema: {
        ...CONSOLE_ROUTE,
        summary: 'Ends an order’s live guest links at once (they show /timeout); the order stays as it is',
        params: consoleOrdersCodeParamSchema,
        response: { 200: guestLinkItemSchema, ...consoleErrorReplies },
      },
    },
    async (request) => {
      await guestOrders.end(request.params.ordersCode, request.staff);
      return guestOrders.linkItem(request.params.ordersCode);
    },
  );
};
