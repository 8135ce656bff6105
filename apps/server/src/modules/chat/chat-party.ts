import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { chatConversations } from './chat.schema.ts';

/**
 * Who chats: a signed-in member, a guest holding a guest payment link (before signing in), or a visitor known
 * by the chat cookie. Its key names it in tokens, presence rows and notifications.
 */
export type ChatParty =
  | { kind: 'member'; memberId: number }
  | { kind: 'guest'; linkId: number }
  | { kind: 'visitor'; visitorHash: string };

export function partyKeyOf(party: ChatParty): string {
  if (party.kind === 'member') return `m:${party.memberId}`;
  if (party.kind === 'guest') return `g:${party.linkId}`;
  return `v:${party.visitorHash}`;
}

/** The key back to a party; undefined for anything we did not write. */
export function partyOfKey(key: string): ChatParty | undefined {
  const [kind, value] = [key.slice(0, 2), key.slice(2)];
  if (kind === 'm:' && /^\d{1,15}$/.test(value)) return { kind: 'member', memberId: Number(value) };
  if (kind === 'g:' && /^\d{1,15}$/.test(value)) return { kind: 'guest', linkId: Number(value) };
  if (kind === 'v:' && /^[0-9a-f]{64}$/.test(value)) return { kind: 'visitor', visitorHash: value };
  return undefined;
}

/** The conversations of a party: a member's; a guest's or visitor's only until a member claimed them. */
export function conversationsOf(party: ChatParty): SQL {
  if (party.kind === 'member') return eq(chatConversations.memberId, party.memberId);
  if (party.kind === 'guest')
    return and(eq(chatConversations.guestLinkId, party.linkId), isNull(chatConversations.memberId)) as SQL;
  return and(eq(chatConversations.visitorHash, party.visitorHash), isNull(chatConversations.memberId)) as SQL;
}

/** The party a conversation row belongs to now. */
export function partyOfConversation(row: {
  memberId: number | null;
  guestLinkId: number | null;
  visitorHash: string | null;
}): ChatParty {
  if (row.memberId !== null) return { kind: 'member', memberId: row.memberId };
  if (row.guestLinkId !== null) return { kind: 'guest', linkId: row.guestLinkId };
  return { kind: 'visitor', visitorHash: row.visitorHash as string };
}
