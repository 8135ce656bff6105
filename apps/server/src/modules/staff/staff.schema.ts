import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The pharmacy's staff (docs/CONSOLE.md): not members, their own sign-in. The password is hashed like a
 * member's (argon2id); the second factor is a TOTP secret (RFC 6238), encrypted with the field key, with the
 * last time step used (a code is good once) and the recovery codes' SHA-256 hashes (each removed when used).
 */
export const staff = pgTable(
  'staff',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    loginName: text().notNull(),
    displayName: text().notNull(),
    passwordHash: text().notNull(),
    /** StaffRole[] (packages/shared/src/staff/staff-roles.ts); the permissions are their union. */
    roles: jsonb().$type<string[]>().notNull(),
    isActive: boolean().notNull().default(true),
    /** Base32 secret, encrypted; null until set up on the first sign-in. */
    totpSecretEnc: text(),
    /** The time step (30 s) of the last code accepted: a code of that step or an earlier one is refused. */
    totpLastStep: bigint({ mode: 'number' }),
    recoveryCodeHashes: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_login_name_key').on(t.loginName),
    check('staff_roles_array', sql`jsonb_typeof(${t.roles}) = 'array'`),
  ],
);

/**
 * The first step of a sign-in passed (login name and password): the challenge the second step answers. Only
 * the token's hash is stored; used once, 5 minutes, void after 5 wrong codes. A first sign-in carries the
 * secret being set up until a code of it proves the authenticator app has it.
 */
export const staffSignInChallenges = pgTable(
  'staff_sign_in_challenges',
  {
    tokenHash: text().primaryKey(),
    staffId: bigint({ mode: 'number' })
      .notNull()
      .references(() => staff.id),
    /** Encrypted base32 secret of a first sign-in (step 'setup'); null when the staff member has one. */
    setupSecretEnc: text(),
    wrongCodes: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_sign_in_challenges_expires_idx').on(t.expiresAt)],
);

/** A staff sign-in: the access token names it (`sid`), so signing out ends the token at once. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text().primaryKey(),
    staffId: bigint({ mode: 'number' })
      .notNull()
      .references(() => staff.id),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId, t.createdAt)],
);

export type StaffRow = typeof staff.$inferSelect;
export type StaffChallengeRow = typeof staffSignInChallenges.$inferSelect;
