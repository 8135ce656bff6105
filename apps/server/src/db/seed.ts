import { seedDemoMember } from '../modules/account/account.seed.ts';
import { seedDemoAddresses } from '../modules/addresses/addresses.seed.ts';
import { seedDemoCart } from '../modules/cart/cart.seed.ts';
import { seedDemoOrders } from '../modules/orders/orders.seed.ts';
import { seedPasswordLoginAccounts } from '../modules/password-login/password-login.seed.ts';
import { seedDemoProfile } from '../modules/profile/profile.seed.ts';
import type { Clock } from '../platform/clock.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import type { Database } from './client.ts';

/**
 * Demo data for `npm start`: every screen has something to show. Idempotent: each seed inserts only what is
 * missing, so a second start changes nothing. Add a module's seed as one line below, taking the demo member.
 */
export async function seedDemoData(db: Database, clock: Clock, storage: FileStorage) {
  await seedDemoMember(db, clock);
  await seedDemoProfile(db, clock, storage);
  await seedDemoAddresses(db, clock);
  await seedPasswordLoginAccounts(db, clock);
  await seedDemoOrders(db, clock);
  await seedDemoCart(db, clock);
}
