import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { countMemberFavorites, insertFavorite } from './favorites.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Six favourites, newest first: so the 4-a-page list pages, and every action shows (OTC and prescription
 * products in stock, two out of stock that offer 到货通知).
 */
const DEMO_FAVORITES = ['1000101', '1000401', '1000109', '1000102', '1000702', '1000306'];

/** The demo member's favourites; left alone once the member keeps any (a visitor's changes stay). */
export async function seedDemoFavorites(db: Database, clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member || (await countMemberFavorites(db, member.id)) > 0) return;
  const now = clock.now().getTime();
  for (const [index, productCode] of DEMO_FAVORITES.entries()) {
    await insertFavorite(db, { memberId: member.id, productCode, createdAt: new Date(now - (index + 1) * DAY_MS) });
  }
}
