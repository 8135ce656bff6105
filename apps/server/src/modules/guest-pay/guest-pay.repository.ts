import { GUEST_LINK_MAX_WRONG_TRIES } from '@anxin/shared/guest-pay/guest-pay.contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sha256 } from '../../platform/crypto.ts';
import { members } from '../account/account.module.ts';
import { sessions } from '../auth/auth.module.ts';
import { orders } from '../orders/orders.module.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

/** The link of a key with its order and the order's member (phone, password set or not, status). */
export async function findLinkByKey(db: Executor, key: string) {
  const [row] = await db
    .select({
      link: guestPayLinks,
      order: orders,
      member: { id: members.id, phone: members.phone, hasPassword: sql<boolean>`${members.passwordHash} is not null` },
      memberStatus: members.status,
    })
    .from(guestPayLinks)
    .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(eq(guestPayLinks.keyHash, sha256(key)));
  return row;
}

export type GuestLinkFound = NonNullable<Awaited<ReturnType<typeof findLinkByKey>>>;

export async function insertLink(db: Executor, row: typeof guestPayLinks.$inferInsert) {
  const [link] = await db.insert(guestPayLinks).values(row).returning();
  return link as typeof guestPayLinks.$inferSelect;
}

/**
 * Counts one wrong phone on a link that is not locked, in one statement (parallel tries cannot slip past the
 * count); the 10th locks it. Answers the updated row, or undefined when the link was already locked.
 */
export async function recordWrongTry(db: Executor, linkId: number, now: Date) {
  const [row] = await db
    .update(guestPayLinks)
    .set({
      wrongTries: sql`${guestPayLinks.wrongTries} + 1`,
      lockedAt: sql`case when ${guestPayLinks.wrongTries} + 1 >= ${GUEST_LINK_MAX_WRONG_TRIES} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(guestPayLinks.id, linkId), isNull(guestPayLinks.lockedAt)))
    .returning({ wrongTries: guestPayLinks.wrongTries, lockedAt: guestPayLinks.lockedAt });
  return row;
}

/** The first confirmation of the phone. */
export async function markBound(db: Executor, linkId: number, now: Date) {
  await db
    .update(guestPayLinks)
    .set({ boundAt: now })
    .where(and(eq(guestPayLinks.id, linkId), isNull(guestPayLinks.boundAt)));
}

/** Has this account ever been signed in to (any sign-in, ended or not; sign-ins are never deleted)? */
export async function hasEverSignedIn(db: Executor, memberId: number): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, memberId)).limit(1);
  return Boolean(row);
}

/** Ends the live links of an order now (expiry and bind deadline); answers how many were live. */
export async function endLinksOfOrder(db: Executor, orderId: number, now: Date): Promise<number> {
  const rows = await db
    .update(guestPayLinks)
    .set({ expiresAt: now, bindDeadline: sql`least(${guestPayLinks.bindDeadline}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(guestPayLinks.orderId, orderId), gt(guestPayLinks.expiresAt, now)))
    .returning({ id: guestPayLinks.id });
  return rows.length;
}

/** The links of every order of a member (account closure). */
export async function deleteLinksOfMember(db: Executor, memberId: number) {
  const ofMember = db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, memberId));
  await db.delete(guestPayLinks).where(inArray(guestPayLinks.orderId, ofMember));
}

/**
 * Links still open (the console's dashboard): working (not ended, expired or locked), still bindable or
 * bound, and their order neither paid nor cancelled.
 */
export async function countOpenGuestLinks(db: Executor, now: Date) {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(guestPayLinks)
    .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
    .where(
      and(
        gt(guestPayLinks.expiresAt, now),
        isNull(guestPayLinks.lockedAt),
        sql`(${guestPayLinks.boundAt} is not null or ${guestPayLinks.bindDeadline} > ${now.toISOString()}::timestamptz)`,
        isNull(orders.paidAt),
        isNull(orders.canceledAt),
      ),
    );
  return row?.value ?? 0;
}
