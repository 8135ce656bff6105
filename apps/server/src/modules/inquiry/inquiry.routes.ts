import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The inquiry calls (being built: issue 12). */
export const inquiryModule: FastifyPluginAsyncZod = async () => {};
