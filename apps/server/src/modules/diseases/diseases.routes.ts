import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The diseases calls (being built: issue 12). */
export const diseasesModule: FastifyPluginAsyncZod = async () => {};
