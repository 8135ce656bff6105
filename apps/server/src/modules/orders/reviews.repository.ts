import { maskReviewerName } from '@anxin/shared/orders/review.schemas';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';
import { reviews } from './orders.schema.ts';

export async function insertReviews(db: Executor, rows: (typeof reviews.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(reviews).values(rows).returning();
}

export async function findReviewsOfOrder(db: Executor, orderId: number) {
  return db.select().from(reviews).where(eq(reviews.orderId, orderId));
}

/**
 * A page of a product's reviews, newest first, for the product page: the reviewer's nickname, masked when the
 * review is anonymous (安***6). Money-free and member-id-free: safe to show to anyone.
 */
export async function findProductReviews(db: Executor, productCode: string, page: number, size: number) {
  const where = eq(reviews.productCode, productCode);
  const rows = await db
    .select({
      id: reviews.id,
      score: reviews.score,
      content: reviews.content,
      labels: reviews.labels,
      images: reviews.images,
      isAnonymity: reviews.isAnonymity,
      createdAt: reviews.createdAt,
      nickname: members.nickname,
    })
    .from(reviews)
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ value: count() }).from(reviews).where(where);
  return {
    rows: rows.map(({ nickname, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      nickname: row.isAnonymity ? maskReviewerName(nickname) : nickname,
    })),
    total: total?.value ?? 0,
  };
}
