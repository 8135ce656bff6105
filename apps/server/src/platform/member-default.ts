import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/** The columns of a member's list in which one row is the member's default (an address, a patient). */
export type MemberDefaultColumns = {
  id: PgColumn;
  memberId: PgColumn;
  isDefault: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/**
 * The rule "while a member has rows, exactly one of them is the default" of a member's list (the address book,
 * the medication users), in one place. Every function runs in the caller's transaction, which holds the
 * member's row lock (`lockMember`): that serialises a member's writes, so two of them cannot both take or both
 * leave the mark. The caller writes the row itself, with the `isDefault` these functions answer.
 */
export function memberDefaultOf(table: PgTable, columns: MemberDefaultColumns) {
  const keys = Object.entries(getTableColumns(table));
  /** The property under which `column` is set in an update of `table`. */
  const keyOf = (column: PgColumn) => {
    const found = keys.find(([, candidate]) => candidate === column);
    if (!found) throw new Error(`${column.name} is not a column of the table`);
    return found[0];
  };
  const isDefaultKey = keyOf(columns.isDefault);
  const updatedAtKey = keyOf(columns.updatedAt);
  const markSet = (isDefault: boolean, now: Date) =>
    ({ [isDefaultKey]: isDefault, [updatedAtKey]: now }) as PgUpdateSetSource<PgTable>;

  /** Takes the mark off the member's default row, if any. */
  async function clearDefault(tx: Executor, memberId: number, now: Date) {
    await tx
      .update(table)
      .set(markSet(false, now))
      .where(and(eq(columns.memberId, memberId), eq(columns.isDefault, true)));
  }

  return {
    /**
     * Before inserting a row, with `existing` rows already stored: whether the new one is the default (the
     * member's first always is, another when asked). If it is, the current default has lost its mark.
     */
    async isNewRowDefault(
      tx: Executor,
      memberId: number,
      existing: number,
      isAsked: boolean | null | undefined,
      now: Date,
    ) {
      const isDefault = existing === 0 || isAsked === true;
      if (isDefault) await clearDefault(tx, memberId, now);
      return isDefault;
    },

    /**
     * Before updating the row `current` (also for "set as default", asked): whether the update gives it the mark
     * (asked, and not the default yet). If so, the current default has lost its mark. Not asked never takes the
     * mark off: while the member has rows, one of them is the default.
     */
    async takesMark(
      tx: Executor,
      memberId: number,
      current: { isDefault: boolean },
      isAsked: boolean | null | undefined,
      now: Date,
    ) {
      const takes = isAsked === true && !current.isDefault;
      if (takes) await clearDefault(tx, memberId, now);
      return takes;
    },

    /** After deleting a row: if it was the default, the newest remaining row takes the mark (none left: none). */
    async afterDelete(tx: Executor, memberId: number, deleted: { isDefault: boolean }, now: Date) {
      if (!deleted.isDefault) return;
      const [newest] = await tx
        .select({ id: columns.id })
        .from(table)
        .where(eq(columns.memberId, memberId))
        .orderBy(desc(columns.createdAt), desc(columns.id))
        .limit(1);
      if (newest)
        await tx
          .update(table)
          .set(markSet(true, now))
          .where(and(eq(columns.id, newest.id), eq(columns.memberId, memberId)));
    },
  };
}
