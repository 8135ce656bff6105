import type { CouponCounts, CouponStatus } from '@anxin/shared/assets/assets.contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  max,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';
import {
  type CouponBatchRow,
  type CouponRow,
  coinEntries,
  couponBatches,
  coupons,
  couponTemplates,
} from './assets.schema.ts';

/**
 * A coupon's status at `now`, in SQL: '1' used, '2' expired (the clock is at or past `expiredDate`), else '0'.
 * Pages and counts both filter on this one expression, so they always agree.
 */
export const couponStatusSql = (now: Date): SQL<CouponStatus> =>
  sql<CouponStatus>`(case when ${coupons.usedAt} is not null then '1' when ${coupons.expiredDate} <= ${now.toISOString()}::timestamptz then '2' else '0' end)`;

/** Unused first by the nearest expiry; used by the latest use; expired by the latest expiry. */
const ORDER_BY: Record<CouponStatus, SQL[]> = {
  '0': [asc(coupons.expiredDate), asc(coupons.id)],
  '1': [desc(coupons.usedAt), desc(coupons.id)],
  '2': [desc(coupons.expiredDate), desc(coupons.id)],
};

export async function listMemberCoupons(
  db: Executor,
  memberId: number,
  status: CouponStatus,
  now: Date,
  page: number,
  size: number,
) {
  const where = and(eq(coupons.memberId, memberId), sql`${couponStatusSql(now)} = ${status}`);
  const [{ total }] = await db.select({ total: count() }).from(coupons).where(where);
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(...ORDER_BY[status])
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

export async function countMemberCoupons(db: Executor, memberId: number, now: Date): Promise<CouponCounts> {
  const status = couponStatusSql(now);
  const [row] = await db
    .select({
      unused: sql<number>`count(*) filter (where ${status} = '0')`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${status} = '1')`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${status} = '2')`.mapWith(Number),
    })
    .from(coupons)
    .where(eq(coupons.memberId, memberId));
  return { '0': row?.unused ?? 0, '1': row?.used ?? 0, '2': row?.expired ?? 0 };
}

export async function insertCoupons(db: Executor, rows: (typeof coupons.$inferInsert)[]) {
  return db.insert(coupons).values(rows).returning();
}

/** The gift pack's coupons: a slot already issued stays as it is (the unique key makes it once per member). */
export async function insertGiftCoupons(db: Executor, rows: (typeof coupons.$inferInsert)[]) {
  return db
    .insert(coupons)
    .values(rows)
    .onConflictDoNothing({ target: [coupons.memberId, coupons.giftSlot] })
    .returning();
}

export async function listGiftCoupons(db: Executor, memberId: number, now: Date) {
  return db
    .select({ coupon: coupons, status: couponStatusSql(now) })
    .from(coupons)
    .where(and(eq(coupons.memberId, memberId), sql`${coupons.giftSlot} is not null`))
    .orderBy(asc(coupons.giftSlot));
}

export async function countNonGiftCoupons(db: Executor, memberId: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(coupons)
    .where(and(eq(coupons.memberId, memberId), sql`${coupons.giftSlot} is null`));
  return total;
}

export async function sumCoins(db: Executor, memberId: number) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${coinEntries.amount}), 0)`.mapWith(Number) })
    .from(coinEntries)
    .where(eq(coinEntries.memberId, memberId));
  return row?.total ?? 0;
}

export async function countCoinEntriesNamed(db: Executor, memberId: number, description: string) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(coinEntries)
    .where(and(eq(coinEntries.memberId, memberId), eq(coinEntries.description, description)));
  return total;
}

/** The member's ledger, oldest first: what the expiry of coins walks through. */
export async function listCoinMovements(db: Executor, memberId: number) {
  return db
    .select({ amount: coinEntries.amount, createdAt: coinEntries.createdAt })
    .from(coinEntries)
    .where(eq(coinEntries.memberId, memberId))
    .orderBy(asc(coinEntries.createdAt), asc(coinEntries.id));
}

/** The coins that came back under an order's code (its entries above zero). */
export async function sumOrderCoinsReturned(db: Executor, memberId: number, ordersCode: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${coinEntries.amount}), 0)`.mapWith(Number) })
    .from(coinEntries)
    .where(and(eq(coinEntries.memberId, memberId), eq(coinEntries.orderCode, ordersCode), gt(coinEntries.amount, 0)));
  return row?.total ?? 0;
}

export async function listCoinEntries(db: Executor, memberId: number, page: number, size: number) {
  const where = eq(coinEntries.memberId, memberId);
  const [{ total }] = await db.select({ total: count() }).from(coinEntries).where(where);
  const rows = await db
    .select()
    .from(coinEntries)
    .where(where)
    .orderBy(desc(coinEntries.createdAt), desc(coinEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

export async function insertCoinEntry(db: Executor, row: typeof coinEntries.$inferInsert) {
  const [created] = await db.insert(coinEntries).values(row).returning();
  return created;
}

/** Unused coupons active at `now` and not expired. */
export async function listActiveUnusedCoupons(db: Executor, memberId: number, now: Date) {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.memberId, memberId),
        isNull(coupons.usedAt),
        lte(coupons.activeDate, now),
        gt(coupons.expiredDate, now),
      ),
    );
}

/** The member's coupon, locked for the order's transaction. */
export async function lockMemberCoupon(db: Executor, memberId: number, couponId: number) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.memberId, memberId)))
    .for('update');
  return row;
}

export async function setCouponUsed(db: Executor, couponId: number, ordersCode: string, now: Date) {
  await db.update(coupons).set({ usedAt: now, usedOrderCode: ordersCode }).where(eq(coupons.id, couponId));
}

/** Frees the coupon an order used, when it is still valid at `now`; answers how many were freed. */
export async function findCouponOfOrder(db: Executor, ordersCode: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.usedOrderCode, ordersCode)).limit(1);
  return row;
}

export async function releaseCouponOfOrder(db: Executor, ordersCode: string, now: Date) {
  const freed = await db
    .update(coupons)
    .set({ usedAt: null, usedOrderCode: null })
    .where(and(eq(coupons.usedOrderCode, ordersCode), gt(coupons.expiredDate, now)))
    .returning({ id: coupons.id });
  return freed.length;
}

// ---- the console's templates, batches and coin adjustments ----

export async function listCouponTemplates(db: Executor) {
  return db.select().from(couponTemplates).orderBy(desc(couponTemplates.id));
}

export async function findCouponTemplate(db: Executor, id: number) {
  const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, id));
  return row;
}

export async function findCouponTemplateByCode(db: Executor, code: string) {
  const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.code, code));
  return row;
}

/** A new template, or undefined when its code is taken (the unique key decides, whatever races). */
export async function insertCouponTemplate(db: Executor, row: typeof couponTemplates.$inferInsert) {
  const [created] = await db.insert(couponTemplates).values(row).onConflictDoNothing().returning();
  return created;
}

/** The templates every install has: one added when its code is new, an existing one left as it is. */
export async function insertReferenceCouponTemplates(db: Executor, rows: (typeof couponTemplates.$inferInsert)[]) {
  await db.insert(couponTemplates).values(rows).onConflictDoNothing();
}

const isOpenMember = ne(members.status, 'closed');

/** The members of these phones whose account is not closed. */
export async function findOpenMembersByPhones(db: Executor, phones: string[]) {
  return db
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(and(inArray(members.phone, phones), isOpenMember))
    .orderBy(asc(members.id));
}

/** The newest member's id (0 without members), and how many members up to it are not closed. */
export async function countOpenMembers(db: Executor) {
  const [newest] = await db.select({ id: max(members.id) }).from(members);
  const upTo = newest?.id ?? 0;
  const [open] = await db
    .select({ total: count() })
    .from(members)
    .where(and(lte(members.id, upTo), isOpenMember));
  return { upTo, total: open?.total ?? 0 };
}

/** The batch's next members after its cursor, by id: its listed ones, or every open member up to its bound. */
export async function nextBatchMembers(db: Executor, batch: CouponBatchRow, limit: number) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        gt(members.id, batch.cursor),
        lte(members.id, batch.upToMemberId),
        isOpenMember,
        batch.allMembers ? undefined : inArray(members.id, batch.listedMemberIds),
      ),
    )
    .orderBy(asc(members.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function insertCouponBatch(db: Executor, row: typeof couponBatches.$inferInsert) {
  const [created] = await db.insert(couponBatches).values(row).returning();
  return created as CouponBatchRow;
}

export async function lockCouponBatch(db: Executor, id: number) {
  const [row] = await db.select().from(couponBatches).where(eq(couponBatches.id, id)).for('update');
  return row;
}

export async function updateCouponBatch(db: Executor, id: number, values: Partial<typeof couponBatches.$inferInsert>) {
  await db.update(couponBatches).set(values).where(eq(couponBatches.id, id));
}

const batchWithTitle = { batch: couponBatches, templateTitle: couponTemplates.title };

export async function findCouponBatch(db: Executor, id: number) {
  const [row] = await db
    .select(batchWithTitle)
    .from(couponBatches)
    .innerJoin(couponTemplates, eq(couponTemplates.id, couponBatches.templateId))
    .where(eq(couponBatches.id, id));
  return row;
}

export async function listRecentCouponBatches(db: Executor, limit: number) {
  return db
    .select(batchWithTitle)
    .from(couponBatches)
    .innerJoin(couponTemplates, eq(couponTemplates.id, couponBatches.templateId))
    .orderBy(desc(couponBatches.id))
    .limit(limit);
}

/** Operators' coin adjustments, newest first, with the member's phone; `phone` is the phone's start. */
export async function listCoinAdjustments(db: Executor, phone: string | undefined, page: number, size: number) {
  const where = and(isNotNull(coinEntries.adjustedBy), phone ? like(members.phone, `${phone}%`) : undefined);
  const [{ total }] = await db
    .select({ total: count() })
    .from(coinEntries)
    .innerJoin(members, eq(members.id, coinEntries.memberId))
    .where(where);
  const rows = await db
    .select({ entry: coinEntries, phone: members.phone })
    .from(coinEntries)
    .innerJoin(members, eq(members.id, coinEntries.memberId))
    .where(where)
    .orderBy(desc(coinEntries.createdAt), desc(coinEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}

export type { CouponRow };
