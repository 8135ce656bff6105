import { and, eq, exists, getTableColumns, is, type SQL } from 'drizzle-orm';
import { alias, getTableConfig, IndexedColumn, type PgColumn } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/client.ts';
import type { MemberOwnedTable } from '../../platform/member-tables.ts';
import { type MemberRow, members } from '../account/account.module.ts';

/** Profile fields the merged account takes from the old one where it has none of its own ("个人信息"). */
const PROFILE_FIELDS = [
  'memberName',
  'avatar',
  'sex',
  'birthday',
  'email',
  'height',
  'weight',
  'commonDrugs',
  'allergyDrugs',
  'diseaseHistory',
  'jobNature',
  'maritalStatus',
  'revenues',
] as const satisfies readonly (keyof MemberRow)[];

/**
 * Moves everything the source member owns to the target member, inside the caller's transaction (lock both
 * members and end the source's sign-ins through `tokens.endMemberSessions` first), then closes the source.
 * Rows that would break a unique rule of the target are settled the way a shopper expects: the target keeps
 * its default (the source's rows lose `isDefault`), and a row the target already has under a unique key (the
 * same product in the cart) is kept once, the target's.
 * A failure anywhere throws, and the transaction moves nothing.
 */
export async function mergeMemberInto(
  tx: Transaction,
  source: MemberRow,
  target: MemberRow,
  now: Date,
  tables: MemberOwnedTable[],
) {
  for (const owned of tables) {
    if (owned.onMerge === 'derived') continue;
    if (owned.onMerge === 'drop') {
      await tx.delete(owned.table).where(eq(owned.memberId, source.id));
      continue;
    }
    await settleUniqueCollisions(tx, owned, source.id, target.id);
    await tx
      .update(owned.table)
      .set({ memberId: target.id } as Record<string, unknown>)
      .where(eq(owned.memberId, source.id));
  }

  const profile: Partial<MemberRow> = {};
  for (const field of PROFILE_FIELDS) {
    if (target[field] === null && source[field] !== null) Object.assign(profile, { [field]: source[field] });
  }
  // The login name moves too (it is unique, so the source lets go of it first): the old password still signs in.
  const takesLoginName = !target.loginName && source.loginName;
  const takesPassword = takesLoginName && !target.passwordHash && source.passwordHash;
  await tx
    .update(members)
    .set({ status: 'closed', phone: null, loginName: null, closeRequestedAt: null, updatedAt: now })
    .where(eq(members.id, source.id));
  await tx
    .update(members)
    .set({
      ...profile,
      ...(takesLoginName ? { loginName: source.loginName } : {}),
      ...(takesPassword ? { passwordHash: source.passwordHash } : {}),
      updatedAt: now,
    })
    .where(eq(members.id, target.id));
}

async function settleUniqueCollisions(tx: Transaction, owned: MemberOwnedTable, sourceId: number, targetId: number) {
  const columns = getTableColumns(owned.table) as Record<string, PgColumn>;
  if (columns.isDefault) {
    await tx
      .update(owned.table)
      .set({ isDefault: false } as Record<string, unknown>)
      .where(eq(owned.memberId, sourceId));
  }
  const config = getTableConfig(owned.table);
  const uniqueKeys: PgColumn[][] = config.uniqueConstraints.map((constraint) => constraint.columns);
  for (const index of config.indexes) {
    if (!index.config.unique || index.config.where) continue;
    const indexed = index.config.columns.filter((column): column is IndexedColumn => is(column, IndexedColumn));
    if (indexed.length !== index.config.columns.length) continue;
    uniqueKeys.push(
      indexed.map((column) => Object.values(columns).find((candidate) => candidate.name === column.name) as PgColumn),
    );
  }
  for (const key of uniqueKeys) {
    if (key.some((column) => !column) || !key.some((column) => column.name === owned.memberId.name)) continue;
    const others = key.filter((column) => column.name !== owned.memberId.name);
    if (others.length === 0) continue;
    const targetRows = alias(owned.table, 'merge_target_rows');
    const targetColumns = getTableColumns(targetRows) as Record<string, PgColumn>;
    const keyOf = (column: PgColumn) => Object.keys(columns).find((name) => columns[name] === column) as string;
    const sameKey: SQL[] = others.map((column) => eq(targetColumns[keyOf(column)], column));
    await tx.delete(owned.table).where(
      and(
        eq(owned.memberId, sourceId),
        exists(
          tx
            .select({ one: targetColumns[keyOf(owned.memberId)] })
            .from(targetRows)
            .where(and(eq(targetColumns[keyOf(owned.memberId)], targetId), ...sameKey)),
        ),
      ),
    );
  }
}
