import type { ThirdType } from '@anxin/shared/account/third-party';
import { isThirdType } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The ticket of an unbound third-party account: a short-lived signed statement "the shopper proved they are
 * openId at provider n", handed to the page instead of the bare openId (which a page could forge).
 */
export const OAUTH_TICKET_TTL_SECONDS = 600;
const AUDIENCE = 'anxin:oauth-bind-ticket';

export type OAuthTicket = { thirdType: ThirdType; openId: string; nickname: string; avatar: string | null };

export async function signOAuthTicket(ticket: OAuthTicket, secret: Uint8Array, clock: Clock) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ tt: ticket.thirdType, nn: ticket.nickname, av: ticket.avatar })
    .setProtectedHeader({ alg: 'HS256', typ: 'oauth-ticket' })
    .setSubject(ticket.openId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + OAUTH_TICKET_TTL_SECONDS)
    .sign(secret);
}

/** The ticket's content, or 400 第三方授权已失效，请重新登录 when forged, altered, expired or of another kind. */
export async function verifyOAuthTicket(
  ticket: string,
  secret: Uint8Array,
  clock: Clock,
  field = 'ticket',
): Promise<OAuthTicket> {
  try {
    const { payload, protectedHeader } = await jwtVerify(ticket, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: clock.now(),
      typ: 'oauth-ticket',
    });
    const thirdType = Number(payload.tt);
    if (protectedHeader.typ !== 'oauth-ticket' || !isThirdType(thirdType) || !payload.sub)
      throw new Error('bad ticket');
    return {
      thirdType,
      openId: payload.sub,
      nickname: typeof payload.nn === 'string' ? payload.nn : '',
      avatar: typeof payload.av === 'string' ? payload.av : null,
    };
  } catch {
    throw badRequest(MSG.oauthTicketInvalid, field);
  }
}
