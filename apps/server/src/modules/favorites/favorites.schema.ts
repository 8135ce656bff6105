import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import { products } from '../catalogue/catalogue.schema.ts';

/**
 * A member's favourites (我的收藏): one row per member and product (the unique key makes a second 收藏 of the
 * same product the same favourite, whatever races happen). The product's name, price and stock are read from
 * the catalogue when the list is shown, so the actions follow the product as it is now.
 */
export const favorites = pgTable(
  'favorites',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productCode: text()
      .notNull()
      .references(() => products.productCode),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('favorites_member_product_key').on(t.memberId, t.productCode),
    index('favorites_member_created_idx').on(t.memberId, t.createdAt),
  ],
);
export type FavoriteRow = typeof favorites.$inferSelect;
