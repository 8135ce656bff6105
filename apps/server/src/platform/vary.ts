import type { FastifyReply } from 'fastify';

/** Adds `fields` to the reply's `Vary` header (setting the header again would drop what is there). */
export function addVary(reply: FastifyReply, ...fields: string[]): FastifyReply {
  const current = reply.getHeader('vary');
  return reply.header('vary', [current, ...fields].filter(Boolean).join(', '));
}
