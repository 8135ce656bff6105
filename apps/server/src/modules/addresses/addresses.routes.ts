import { addressBodySchema, deliveryAddressSchema } from '@anxin/shared/addresses/address.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { createAddressService } from './addresses.service.ts';

/** Ids are positive integers; anything else names no address (404, like another member's). */
const idParamsSchema = z.object({ id: z.string().max(20) });
function parseAddressId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * The address book. The list is a plain array, the default first and then the newest
 * (the product leaves its shape open; 20 at most, so no paging).
 */
export const addressesModule: FastifyPluginAsyncZod = async (app) => {
  const addresses = createAddressService(app.services);
  const tags = ['addresses'];
  const member = { onRequest: app.requireMember };

  app.get(
    '/v2/deliveryAddresses',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s addresses: default first, then newest first',
        response: { 200: z.array(deliveryAddressSchema), ...errorReplies },
      },
    },
    async (request) => addresses.list(request.member.memberId),
  );

  app.post(
    '/v2/deliveryAddresses',
    {
      ...member,
      schema: {
        tags,
        summary: 'Add an address (at most 20; the first becomes the default)',
        body: addressBodySchema,
        response: { 201: deliveryAddressSchema, ...errorReplies },
      },
    },
    async (request, reply) => reply.status(201).send(await addresses.create(request.member.memberId, request.body)),
  );

  app.get(
    '/v2/deliveryAddresses/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One address',
        params: idParamsSchema,
        response: { 200: deliveryAddressSchema, ...errorReplies },
      },
    },
    async (request) => addresses.get(request.member.memberId, parseAddressId(request.params.id)),
  );

  app.put(
    '/v2/deliveryAddresses/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Edit an address (masked phones sent back unchanged keep the stored ones)',
        params: idParamsSchema,
        body: addressBodySchema,
        response: { 200: deliveryAddressSchema, ...errorReplies },
      },
    },
    async (request) => addresses.update(request.member.memberId, parseAddressId(request.params.id), request.body),
  );

  app.delete(
    '/v2/deliveryAddresses/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete an address (deleting the default makes the newest remaining one the default)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await addresses.remove(request.member.memberId, parseAddressId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/v2/deliveryAddresses/:id/default',
    {
      ...member,
      schema: {
        tags,
        summary: 'Make an address the default (the previous default loses the mark)',
        params: idParamsSchema,
        response: { 200: deliveryAddressSchema, ...errorReplies },
      },
    },
    async (request) => addresses.setDefault(request.member.memberId, parseAddressId(request.params.id)),
  );
};
