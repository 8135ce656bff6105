import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { insertReservation } from './reservations.repository.ts';
import { productReservations } from './reservations.schema.ts';

const DAY_MS = 86_400_000;

/**
 * Both states: two purchasing (products out of stock in the catalogue) and two arrived (products back on sale,
 * one OTC for 立即购买, one prescription for 加入需求清单); five in all, so the 4-a-page list pages.
 */
const DEMO_RESERVATIONS: { productCode: string; daysAgo: number; arrivedDaysAgo?: number }[] = [
  { productCode: '1000109', daysAgo: 1 },
  { productCode: '4000106', daysAgo: 3 },
  { productCode: '1000401', daysAgo: 6, arrivedDaysAgo: 2 },
  { productCode: '1000101', daysAgo: 9, arrivedDaysAgo: 4 },
  { productCode: '1000306', daysAgo: 12 },
];

/** The demo member's reservations; left alone once the member has any (a visitor's changes stay). */
export async function seedDemoReservations(db: Database, clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const [existing] = await db
    .select({ id: productReservations.id })
    .from(productReservations)
    .where(eq(productReservations.memberId, member.id))
    .limit(1);
  if (existing) return;
  const now = clock.now().getTime();
  for (const item of DEMO_RESERVATIONS) {
    await insertReservation(db, {
      memberId: member.id,
      productCode: item.productCode,
      contactPhone: DEMO_MEMBER.phone,
      createdAt: new Date(now - item.daysAgo * DAY_MS),
      arrivedAt: item.arrivedDaysAgo === undefined ? null : new Date(now - item.arrivedDaysAgo * DAY_MS),
    });
  }
}
