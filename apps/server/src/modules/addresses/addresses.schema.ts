import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * A member's delivery addresses. Region names are stored with their codes, as the regions table had
 * them when the address was saved. At most 20 per member (checked under `lockMember`), and at most one default
 * per member: a partial unique index, so no code path can ever leave two.
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    consignee: text().notNull(),
    /** Landline "area-number", null when none. */
    consigneePhone1: text(),
    /** Mobile. */
    consigneePhone2: text().notNull(),
    provinceCode: text().notNull(),
    provinceName: text().notNull(),
    cityCode: text().notNull(),
    cityName: text().notNull(),
    regionCode: text(),
    regionName: text(),
    streetCode: text(),
    streetName: text(),
    customArea: text().notNull(),
    zipCode: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('delivery_addresses_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('delivery_addresses_one_default_key').on(t.memberId).where(sql`${t.isDefault}`),
  ],
);

export type DeliveryAddressRow = typeof deliveryAddresses.$inferSelect;
