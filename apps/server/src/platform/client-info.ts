import type { FastifyRequest } from 'fastify';

/** Where a call came from, as a sign-in records it and the per-address limits count it. */
export type ClientInfo = { ip: string; userAgent?: string };

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
