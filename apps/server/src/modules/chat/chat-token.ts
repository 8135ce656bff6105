import { CHAT_TOKEN_TTL_SECONDS } from '@anxin/shared/chat/chat.contract';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../../platform/crypto.ts';
import type { ChatAgent, ChatContext } from './chat.service.ts';
import { type ChatParty, partyKeyOf, partyOfKey } from './chat-party.ts';

/** What a chat token carries: the party, its display name, and what the window was opened about. */
export type ChatTokenClaims = { party: ChatParty; name: string; context: ChatContext };

type RawClaims = { sub?: string; name?: unknown; ctx?: { u?: unknown; o?: unknown; p?: unknown } };

const AUDIENCE = 'chat';
/** An agent's socket token: another audience, so neither kind opens the other's socket. */
const AGENT_AUDIENCE = 'chat-agent';
const QUEUES = new Set(['service', 'pharmacist']);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Chat tokens: 5 minutes, bound to the party (member, guest link or visitor), signed with a key of their own
 * (derived from the JWT secret, so a member's access token is never a chat token nor the other way round).
 * Any server process verifies them: nothing is kept.
 */
export function createChatTokens(jwtSecret: Uint8Array, now: () => Date) {
  // Imported once: given raw bytes, jose would import the HMAC key again on every sign and verify.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    deriveKey(Buffer.from(jwtSecret), 'anxin-chat-token-v1'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign({ party, name, context }: ChatTokenClaims) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ name, ctx: { u: context.pageUrl, o: context.ordersCode, p: context.productCode } })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(partyKeyOf(party))
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + CHAT_TOKEN_TTL_SECONDS)
        .sign(await keyPromise);
    },
    /** An agent's 5-minute token for the console's socket: the staff member and the queues they answer. */
    async signAgent(agent: ChatAgent) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ name: agent.name, queues: agent.queues })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(agent.id))
        .setAudience(AGENT_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + CHAT_TOKEN_TTL_SECONDS)
        .sign(await keyPromise);
    },
    async verifyAgent(token: string): Promise<ChatAgent | undefined> {
      try {
        const { payload } = await jwtVerify<{ name?: unknown; queues?: unknown }>(token, await keyPromise, {
          audience: AGENT_AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        });
        const id = Number(payload.sub);
        const queues = Array.isArray(payload.queues) ? payload.queues.filter((queue) => QUEUES.has(queue)) : [];
        if (!Number.isSafeInteger(id) || id <= 0) return undefined;
        return { id, name: text(payload.name) ?? '', queues };
      } catch {
        return undefined;
      }
    },
    /** The token's claims, or undefined when it is not a live chat token of ours. */
    async verify(token: string): Promise<ChatTokenClaims | undefined> {
      try {
        // A member's access token comes here first on every chat call (the routes' partyOf): told apart by its
        // audience before any cryptography, it goes on to the member's check at once.
        if (decodeJwt(token).aud !== AUDIENCE) return undefined;
        const { payload } = await jwtVerify<RawClaims>(token, await keyPromise, {
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
