import { z } from 'zod';

/** What every sign-in answers (SMS, password, QR, third party, phone binding, password update, withdrawal). */
export const loginResultSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().describe('seconds'),
});

export type LoginResult = z.infer<typeof loginResultSchema>;
