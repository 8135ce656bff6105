// 药师回电 (docs/MALL-CONFIG.md, `callbackAvailable`): a member asks the pharmacy to call their phone back,
// about an order or in general. The server's schemas and the pages' types, one definition.
import { z } from 'zod';

/** `POST /v2/mall/callbacks {ordersCode?}`: the order the call is about, when there is one. */
export const callbackRequestBodySchema = z.object({
  ordersCode: z.string().trim().min(1).max(64).optional(),
});
export type CallbackRequestBody = z.input<typeof callbackRequestBodySchema>;

/** A request as the member sees it: the phone that will be called, masked (138****8000). */
export const callbackRequestSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  ordersCode: z.string().nullable(),
  createdAt: z.string(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;
