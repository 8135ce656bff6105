import { createHmac, createSecretKey } from 'node:crypto';

/**
 * The audience of a member's access token. A staff token says 'staff' (modules/staff): each verifier refuses
 * the other's, so a token of one kind never opens the other's calls.
 */
export const MEMBER_AUDIENCE = 'member';

/** What an access token says: the member (`sub`), the sign-in (`sid`), issued and expiry times in seconds. */
export type AccessTokenClaims = { memberId: number; sessionId: string; issuedAt: number; expiresAt: number };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * Signs access tokens as HS256 compact JWTs with node:crypto's HMAC, byte for byte the tokens jose's SignJWT
 * makes (same header, same claim order; access-token-signer.unit.test.ts holds both to that). Every token
 * refresh signs one: through WebCrypto (jose's way) each signature is an asynchronous job on the thread pool
 * whose dispatch alone cost more main-thread time than the rest of the signing; a synchronous HMAC of a
 * 150-byte input takes a few microseconds. Tokens are still verified with jose (tokens.service.ts).
 */
export function createAccessTokenSigner(secret: Uint8Array) {
  const key = createSecretKey(secret);
  return ({ memberId, sessionId, issuedAt, expiresAt }: AccessTokenClaims) => {
    const claims = { sid: sessionId, sub: String(memberId), aud: MEMBER_AUDIENCE, iat: issuedAt, exp: expiresAt };
    const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
  };
}
