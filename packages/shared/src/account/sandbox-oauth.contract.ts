import { z } from 'zod';

// The sandbox OAuth provider (outside production): the consent page's calls, and the token and user-info
// replies the OAuth adapter reads exactly as it reads a real provider's.

/** GET/POST /sandbox/oauth/{provider}/identities: a test identity of the sandbox provider. */
export const sandboxIdentitySchema = z.object({
  id: z.number(),
  openId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type SandboxIdentity = z.infer<typeof sandboxIdentitySchema>;

/** POST /sandbox/oauth/{provider}/decisions: where the provider sends the browser back. */
export const sandboxConsentReplySchema = z.object({ redirectUrl: z.string() });
export type SandboxConsentReply = z.infer<typeof sandboxConsentReplySchema>;

/** POST /sandbox/oauth/{provider}/token: the access token of the authorization_code grant. */
export const sandboxTokenReplySchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  openid: z.string(),
});

/** GET /sandbox/oauth/{provider}/userinfo: the profile the access token stands for. */
export const sandboxUserInfoSchema = z.object({
  openid: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});

/** The provider's refusals, as RFC 6749 writes them. */
export const sandboxOAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
