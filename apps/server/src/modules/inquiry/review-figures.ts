import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderInquiries } from './inquiry.schema.ts';

/** The pharmacist's side of the console's dashboard: who waits since when, and the reviews done per China day. */
export async function reviewFigures(db: Executor, { since }: { since: Date }) {
  const waiting = await db
    .select({ submittedAt: orderInquiries.submittedAt })
    .from(orderInquiries)
    .where(eq(orderInquiries.status, 'reviewing'));
  const day = sql<string>`to_char((${orderInquiries.reviewedAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({ day, value: count() })
    .from(orderInquiries)
    .where(and(inArray(orderInquiries.status, ['passed', 'rejected']), gte(orderInquiries.reviewedAt, since)))
    .groupBy(day);
  return {
    waitingSince: waiting.map((row) => row.submittedAt),
    reviewsPerDay: new Map(perDay.map((row) => [row.day, row.value])),
  };
}
