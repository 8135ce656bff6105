import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const memberStatus = ['active', 'closing', 'closed'] as const;

export const members = pgTable(
  'members',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    phone: text(),
    loginName: text(),
    passwordHash: text(),
    /** Set for accounts migrated from the old system: password login answers MEM0010001 until changed. */
    passwordMustUpdate: boolean().notNull().default(false),
    nickname: text().notNull(),
    memberName: text(),
    avatar: text(),
    sex: smallint(),
    birthday: date({ mode: 'string' }),
    email: text(),
    height: smallint(),
    weight: smallint(),
    commonDrugs: text(),
    allergyDrugs: text(),
    diseaseHistory: text(),
    jobNature: text(),
    maritalStatus: text(),
    revenues: text(),
    /** 长辈模式 (docs/ARCHITECTURE.md, "Accessibility"): larger text and controls, on every device signed in. */
    elderlyMode: boolean().notNull().default(false),
    status: text({ enum: memberStatus }).notNull().default('active'),
    closeRequestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('members_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex('members_login_name_key').on(t.loginName).where(sql`${t.loginName} is not null`),
    index('members_status_idx').on(t.status),
  ],
);

export type MemberRow = typeof members.$inferSelect;
