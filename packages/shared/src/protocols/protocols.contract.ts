import { z } from 'zod';

/** GET /v2/protocols: an agreement text; `content` is plain text with newlines. */
export const protocolSchema = z.object({ protocolCode: z.string(), title: z.string(), content: z.string() });
export type Protocol = z.infer<typeof protocolSchema>;
