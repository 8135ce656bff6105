import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The patients calls (being built: issue 12). */
export const patientsModule: FastifyPluginAsyncZod = async () => {};
