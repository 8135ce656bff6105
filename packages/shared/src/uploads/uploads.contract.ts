import { z } from 'zod';

/** POST /v2/upload: where the stored file is read (module=private: a URL signed for 10 minutes). */
export const uploadReplySchema = z.object({ url: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;
