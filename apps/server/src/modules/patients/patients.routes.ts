import { patientBodySchema, patientReplySchema } from '@anxin/shared/patients/patient.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../platform/api-schemas.ts';
import { notFound } from '../../platform/errors.ts';
import { patientServiceOf } from './patients.service.ts';

/** Ids are positive integers; anything else names no patient (404, like another member's). */
const idParamsSchema = z.object({ id: z.string().max(20) });
function parsePatientId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/**
 * Medication users (用药人): the list (a plain array, the default first then the newest; at most
 * 10, so no paging), add and edit (both POST, the edit carries `id`, as the documents send them), one patient,
 * delete, the default. Rules in patients.service.ts; docs/PATIENTS.md.
 */
export const patientsModule: FastifyPluginAsyncZod = async (app) => {
  const patients = patientServiceOf(app.services);
  const tags = ['patients'];
  const member = { onRequest: app.requireMember };

  app.get(
    '/patients',
    {
      ...member,
      schema: {
        tags,
        summary: 'The member’s medication users: default first, then newest first',
        response: { 200: z.array(patientReplySchema), ...errorReplies },
      },
    },
    async (request) => patients.list(request.member.memberId),
  );

  app.post(
    '/patients',
    {
      ...member,
      schema: {
        tags,
        summary:
          'Add a medication user (201), or edit one when the body has `id` (200). ID cards are real-name checked; a failed guardian check answers code 000001',
        body: patientBodySchema,
        response: { 200: patientReplySchema, 201: patientReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const { memberId } = request.member;
      if (request.body.id !== undefined) return patients.update(memberId, request.body.id, request.body);
      return reply.status(201).send(await patients.create(memberId, request.body));
    },
  );

  app.get(
    '/patients/default',
    {
      ...member,
      schema: {
        tags,
        summary: 'The default medication user (404 when the member has none)',
        response: { 200: patientReplySchema, ...errorReplies },
      },
    },
    async (request) => patients.getDefault(request.member.memberId),
  );

  app.get(
    '/patients/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'One medication user',
        params: idParamsSchema,
        response: { 200: patientReplySchema, ...errorReplies },
      },
    },
    async (request) => patients.get(request.member.memberId, parsePatientId(request.params.id)),
  );

  app.delete(
    '/patients/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete a medication user (deleting the default makes the newest remaining one the default)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorReplies },
      },
    },
    async (request, reply) => {
      await patients.remove(request.member.memberId, parsePatientId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/patients/:id/default',
    {
      ...member,
      schema: {
        tags,
        summary: 'Make a medication user the default (the others lose the mark)',
        params: idParamsSchema,
        response: { 200: patientReplySchema, ...errorReplies },
      },
    },
    async (request) => patients.setDefault(request.member.memberId, parsePatientId(request.params.id)),
  );
};
