import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokenSigner } from './access-token-signer.ts';

const secret = new TextEncoder().encode('a test secret of at least thirty-two bytes');
const issuedAt = 1_790_000_000;
const claims = { memberId: 42, sessionId: randomUUID(), issuedAt, expiresAt: issuedAt + 1800 };

describe('access token signer', () => {
  const sign = createAccessTokenSigner(secret);

  it('makes the very token jose signs for the same claims', async () => {
    const byJose = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setAudience('member')
      .setIssuedAt(issuedAt)
      .setExpirationTime(claims.expiresAt)
      .sign(secret);
    expect(sign(claims)).toBe(byJose);
  });

  it('signs tokens jose verifies, with every claim the guard needs', async () => {
    const token = sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' });
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: new Date((issuedAt + 60) * 1000),
      audience: 'member',
      requiredClaims: ['exp', 'sub', 'sid', 'aud'],
    });
    expect(payload).toEqual({ sid: claims.sessionId, sub: '42', aud: 'member', iat: issuedAt, exp: claims.expiresAt });
  });

  it('signs tokens jose refuses under another key, or once expired', async () => {
    const token = sign(claims);
    const otherKey = new TextEncoder().encode('another secret of at least thirty-two bytes');
    await expect(jwtVerify(token, otherKey, { algorithms: ['HS256'] })).rejects.toThrow();
    await expect(
      jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date((claims.expiresAt + 1) * 1000) }),
    ).rejects.toThrow();
  });
});
