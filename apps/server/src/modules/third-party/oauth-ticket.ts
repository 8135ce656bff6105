import type { ThirdType } from '@anxin/shared/account/third-party';
import { isThirdType } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.ts';
import { safeEqual, sha256 } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The ticket of an unbound third-party account: a short-lived signed statement "the shopper proved they are
 * openId at provider n", handed to the page instead of the bare openId (which a page could forge).
 *
 * A ticket is only good where it was made: in the browser that started the round trip (it carries the hash
 * of that browser's `anxin_oauth` cookie), for what the round trip was started for (`login`: register or bind
 * a phone; `bind`: the safety page) and, for `bind`, for the member who started it. A link to it opened
 * anywhere else binds nothing.
 */
export const OAUTH_TICKET_TTL_SECONDS = 600;
const AUDIENCE = 'anxin:oauth-bind-ticket';

export type OAuthTicket = { thirdType: ThirdType; openId: string; nickname: string; avatar: string | null };

export type OAuthTicketScope =
  | { purpose: 'login'; browserHash: string }
  | {
      purpose: 'bind';
      browserHash: string;
      memberId: number;
    };

/** What the redeemer presents: its browser's cookie value and, on the safety page, the signed-in member. */
export type OAuthTicketRedeemer = {
  purpose: OAuthTicketScope['purpose'];
  browserSecret: string | undefined;
  memberId?: number;
  field?: string;
  message?: string;
};

export async function signOAuthTicket(ticket: OAuthTicket, scope: OAuthTicketScope, secret: Uint8Array, clock: Clock) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({
    tt: ticket.thirdType,
    nn: ticket.nickname,
    av: ticket.avatar,
    pu: scope.purpose,
    bh: scope.browserHash,
    ...(scope.purpose === 'bind' ? { mid: scope.memberId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'oauth-ticket' })
    .setSubject(ticket.openId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + OAUTH_TICKET_TTL_SECONDS)
    .sign(secret);
}

/**
 * The ticket's content, or 400 (第三方授权已失效，请重新登录 unless told otherwise) when forged, altered, expired,
 * of another kind, made for another purpose, in another browser or for another member.
 */
export async function verifyOAuthTicket(
  ticket: string,
  secret: Uint8Array,
  clock: Clock,
  redeemer: OAuthTicketRedeemer,
): Promise<OAuthTicket> {
  const refused = badRequest(redeemer.message ?? MSG.oauthTicketInvalid, redeemer.field ?? 'ticket');
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(ticket, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: clock.now(),
      typ: 'oauth-ticket',
    }));
  } catch {
    throw refused;
  }
  const thirdType = Number(payload.tt);
  if (!isThirdType(thirdType) || !payload.sub) throw refused;
  if (payload.pu !== redeemer.purpose) throw refused;
  const browserHash = typeof payload.bh === 'string' ? payload.bh : '';
  if (!redeemer.browserSecret || !browserHash || !safeEqual(browserHash, sha256(redeemer.browserSecret))) throw refused;
  if (redeemer.purpose === 'bind' && (redeemer.memberId === undefined || payload.mid !== redeemer.memberId)) {
    throw refused;
  }
  return {
    thirdType,
    openId: payload.sub,
    nickname: typeof payload.nn === 'string' ? payload.nn : '',
    avatar: typeof payload.av === 'string' ? payload.av : null,
  };
}
