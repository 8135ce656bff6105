import { z } from 'zod';

/** GET /health: the server answers and its database does. */
export const healthReplySchema = z.object({ status: z.literal('ok') });
/** GET /health with status 503: the database does not answer. */
export const healthUnavailableReplySchema = z.object({ status: z.literal('unavailable') });
