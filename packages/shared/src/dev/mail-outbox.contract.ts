import { z } from 'zod';

/**
 * GET /dev/mail-outbox (only outside production): one message of the sandbox mail outbox, with the name, type
 * and size of each attachment (not its content).
 */
export const mailOutboxMessageSchema = z.object({
  id: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type MailOutboxMessage = z.infer<typeof mailOutboxMessageSchema>;
