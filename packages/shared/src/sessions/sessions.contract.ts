import { z } from 'zod';

// The member's sign-ins (the safety page's device list), each of which can be ended. Times ISO 8601.

/** One sign-in: how (method, methodName), on what (device, ip), and whether it is the one asking. */
export const memberSessionSchema = z.object({
  id: z.string(),
  method: z.string(),
  methodName: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  endedAt: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** GET /v2/member/sessions: the live sign-ins (the current one first) and the recent sign-in history. */
export const memberSessionsSchema = z.object({
  sessions: z.array(memberSessionSchema),
  signIns: z.array(memberSessionSchema),
});
export type MemberSessions = z.infer<typeof memberSessionsSchema>;

/** POST /v2/member/sessions/revoke-all: how many other sign-ins were ended. */
export const revokeOtherSessionsReplySchema = z.object({ revoked: z.number().int() });
export type RevokeOtherSessionsReply = z.infer<typeof revokeOtherSessionsReplySchema>;
