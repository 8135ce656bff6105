import { z } from 'zod';

/**
 * GET /dev/sms-outbox (only outside production): one message of the sandbox SMS outbox; `code` is the SMS code
 * the message carries, null for a message without one.
 */
export const smsOutboxMessageSchema = z.object({
  phone: z.string(),
  content: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessageSchema>;
