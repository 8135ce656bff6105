import {
  recordIdParamsSchema,
  reservationCreateSchema,
  reservationListQuerySchema,
  reservationPageSchema,
  reservationSchema,
} from '@anxin/shared/favorites/favorites.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteMemberReservation, listMemberReservations } from './reservations.repository.ts';
import { createReservationService, toReservation } from './reservations.service.ts';

/**
 * Drug reservations (缺货登记): 到货通知 on an out-of-stock product's page, the member's list (4 a page) and
 * 取消登记. The paths are the ones the pharmacy's pages call. Another member's reservation is 404.
 */
export const reservationsModule: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const reservations = createReservationService({ ...app.services, publicOrigin: app.services.config.PUBLIC_ORIGIN });
  const member = { onRequest: app.requireMember };

  app.post(
    '/details/rest/book',
    {
      ...member,
      schema: {
        tags: ['reservations'],
        summary:
          '到货通知: text this phone when the out-of-stock product arrives. 201 new; 200 when the member ' +
          'already waits for it (its phone changes); 409 when the product is in stock; unknown product 404',
        body: reservationCreateSchema,
        response: { 200: reservationSchema, 201: reservationSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { productCode, contactMsg } = request.body;
      const { reservation, isNew } = await reservations.book(request.member.memberId, {
        productCode,
        contactPhone: contactMsg,
      });
      return reply.code(isNew ? 201 : 200).send(reservation);
    },
  );

  app.get(
    '/bookings/productnothings',
    {
      ...member,
      schema: {
        tags: ['reservations'],
        summary: 'The member’s reservations, newest first, 4 a page: isArrival 0 purchasing, 1 arrived',
        querystring: reservationListQuerySchema,
        response: { 200: reservationPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listMemberReservations(db, request.member.memberId, page, size);
      return {
        content: rows.map((row) => toReservation(row.reservation, row.product)),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        page,
        size,
      };
    },
  );

  app.delete(
    '/bookings/productnothings/:id',
    {
      ...member,
      schema: {
        tags: ['reservations'],
        summary: '取消登记: remove one of the member’s reservations, purchasing or arrived',
        params: recordIdParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      if (!(await deleteMemberReservation(db, request.member.memberId, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
