import { CHAT_TOKEN_TTL_SECONDS } from '@anxin/shared/chat/chat.contract';
import { jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../platform/crypto.ts';
import type { ChatContext } from './chat.service.ts';
import { type ChatParty, partyKeyOf, partyOfKey } from './chat-party.ts';

/** What a chat token carries: the party, its display name, and what the window was opened about. */
export type ChatTokenClaims = { party: ChatParty; name: string; context: ChatContext };

type RawClaims = { sub?: string; name?: unknown; ctx?: { u?: unknown; o?: unknown; p?: unknown } };

const AUDIENCE = 'chat';
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Chat tokens: 5 minutes, bound to the party (member, guest link or visitor), signed with a key of their own
 * (derived from the JWT secret, so a member's access token is never a chat token nor the other way round).
 * Any server process verifies them: nothing is kept.
 */
export function createChatTokens(jwtSecret: Uint8Array, now: () => Date) {
  const key = deriveKey(Buffer.from(jwtSecret), 'anxin-chat-token-v1');
  return {
    async sign({ party, name, context }: ChatTokenClaims) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ name, ctx: { u: context.pageUrl, o: context.ordersCode, p: context.productCode } })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(partyKeyOf(party))
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + CHAT_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The token's claims, or undefined when it is not a live chat token of ours. */
    async verify(token: string): Promise<ChatTokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify<RawClaims>(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        });
        const party = partyOfKey(payload.sub ?? '');
        if (!party) return undefined;
        const context = payload.ctx ?? {};
        return {
          party,
          name: text(payload.name) ?? '',
          context: { pageUrl: text(context.u) ?? '', ordersCode: text(context.o), productCode: text(context.p) },
        };
      } catch {
        return undefined;
      }
    },
  };
}

export type ChatTokens = ReturnType<typeof createChatTokens>;
