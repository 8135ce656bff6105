import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

export const settlementSources = ['cart', 'buyNow'] as const;

/**
 * What the member is about to buy, between 去结算 / 立即购买 and 提交订单: product codes and quantities only.
 * Prices are read from the catalogue when the settlement page shows them and again when the order is placed.
 * Placing an order marks the settlement used (ordersCode), so a double submit cannot place two orders.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid().primaryKey(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    source: text({ enum: settlementSources }).notNull(),
    items: jsonb().$type<{ productCode: string; quantity: number }[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the order was placed from it. */
    ordersCode: text(),
  },
  (t) => [index('settlements_member_idx').on(t.memberId, t.createdAt)],
);

export type SettlementRow = typeof settlements.$inferSelect;
