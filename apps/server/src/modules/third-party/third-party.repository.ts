import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';
import {
  oauthLoginCodes,
  oauthStates,
  sandboxOauthCodes,
  sandboxOauthIdentities,
  thirdPartyIdentities,
} from './third-party.schema.ts';

export async function findIdentity(db: Executor, thirdType: number, openId: string) {
  const [row] = await db
    .select({ identity: thirdPartyIdentities, member: members })
    .from(thirdPartyIdentities)
    .innerJoin(members, eq(members.id, thirdPartyIdentities.memberId))
    .where(and(eq(thirdPartyIdentities.thirdType, thirdType), eq(thirdPartyIdentities.openId, openId)));
  return row;
}

export function listMemberIdentities(db: Executor, memberId: number) {
  return db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.memberId, memberId));
}

export async function findMemberIdentity(db: Executor, memberId: number, thirdType: number) {
  const [row] = await db
    .select()
    .from(thirdPartyIdentities)
    .where(and(eq(thirdPartyIdentities.memberId, memberId), eq(thirdPartyIdentities.thirdType, thirdType)));
  return row;
}

export async function insertIdentity(db: Executor, row: typeof thirdPartyIdentities.$inferInsert) {
  const [created] = await db.insert(thirdPartyIdentities).values(row).returning();
  return created;
}

export async function deleteMemberIdentity(db: Executor, memberId: number, thirdType: number) {
  const rows = await db
    .delete(thirdPartyIdentities)
    .where(and(eq(thirdPartyIdentities.memberId, memberId), eq(thirdPartyIdentities.thirdType, thirdType)))
    .returning({ id: thirdPartyIdentities.id });
  return rows.length;
}

export async function insertState(db: Executor, row: typeof oauthStates.$inferInsert) {
  await db.insert(oauthStates).values(row);
}

/**
 * Uses a state once, and only in the browser that started it: of two callbacks with the same state, one wins;
 * an expired state, or one opened with another browser's hash, wins nothing (and stays usable by its own).
 */
export async function claimState(db: Executor, stateHash: string, thirdType: number, browserHash: string, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.thirdType, thirdType),
        eq(oauthStates.browserHash, browserHash),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Is the state one that another browser could still use? (To tell that browser where it went wrong.) */
export async function hasOpenState(db: Executor, stateHash: string, thirdType: number, now: Date) {
  const [row] = await db
    .select({ stateHash: oauthStates.stateHash })
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.thirdType, thirdType),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    );
  return Boolean(row);
}

export async function insertLoginCode(db: Executor, row: typeof oauthLoginCodes.$inferInsert) {
  await db.insert(oauthLoginCodes).values(row);
}

/** Uses a login code once, and only in the browser that started the round trip. */
export async function claimLoginCode(db: Executor, codeHash: string, browserHash: string, now: Date) {
  const [row] = await db
    .update(oauthLoginCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthLoginCodes.codeHash, codeHash),
        eq(oauthLoginCodes.browserHash, browserHash),
        isNull(oauthLoginCodes.usedAt),
        gt(oauthLoginCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

// ---- sandbox provider ----
export function listSandboxIdentities(db: Executor, provider: string) {
  return db
    .select()
    .from(sandboxOauthIdentities)
    .where(eq(sandboxOauthIdentities.provider, provider))
    .orderBy(desc(sandboxOauthIdentities.id))
    .limit(20);
}

export async function findSandboxIdentity(db: Executor, provider: string, id: number) {
  const [row] = await db
    .select()
    .from(sandboxOauthIdentities)
    .where(and(eq(sandboxOauthIdentities.provider, provider), eq(sandboxOauthIdentities.id, id)));
  return row;
}

export async function insertSandboxIdentity(db: Executor, row: typeof sandboxOauthIdentities.$inferInsert) {
  const [created] = await db.insert(sandboxOauthIdentities).values(row).returning();
  return created;
}

export async function insertSandboxCode(db: Executor, row: typeof sandboxOauthCodes.$inferInsert) {
  await db.insert(sandboxOauthCodes).values(row);
}

export async function claimSandboxCode(db: Executor, provider: string, codeHash: string, now: Date) {
  const [row] = await db
    .update(sandboxOauthCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxOauthCodes.codeHash, codeHash),
        eq(sandboxOauthCodes.provider, provider),
        isNull(sandboxOauthCodes.usedAt),
        gt(sandboxOauthCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function setSandboxAccessToken(db: Executor, codeHash: string, tokenHash: string, expiresAt: Date) {
  await db
    .update(sandboxOauthCodes)
    .set({ accessTokenHash: tokenHash, accessTokenExpiresAt: expiresAt })
    .where(eq(sandboxOauthCodes.codeHash, codeHash));
}

export async function findSandboxTokenIdentity(db: Executor, provider: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ identity: sandboxOauthIdentities })
    .from(sandboxOauthCodes)
    .innerJoin(sandboxOauthIdentities, eq(sandboxOauthIdentities.id, sandboxOauthCodes.identityId))
    .where(
      and(
        eq(sandboxOauthCodes.provider, provider),
        eq(sandboxOauthCodes.accessTokenHash, tokenHash),
        gt(sandboxOauthCodes.accessTokenExpiresAt, now),
      ),
    );
  return row?.identity;
}
