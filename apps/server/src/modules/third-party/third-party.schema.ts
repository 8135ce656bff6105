import { bigint, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/** A member's third-party accounts: one per kind per member, and each account belongs to one member. */
export const thirdPartyIdentities = pgTable(
  'third_party_identities',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** 1 qq, 2 weixin, 3 alipay, 4 weibo. */
    thirdType: smallint().notNull(),
    openId: text().notNull(),
    nickname: text(),
    avatar: text(),
    boundAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('third_party_identities_account_key').on(t.thirdType, t.openId),
    uniqueIndex('third_party_identities_member_type_key').on(t.memberId, t.thirdType),
  ],
);

/**
 * One authorisation round trip: the state the provider must echo, with the PKCE verifier; used once, and only
 * by the browser that started it (the hash of its `anxin_oauth` cookie). From the safety page it also names
 * the member who started it, the only one its ticket binds to.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text().primaryKey(),
    thirdType: smallint().notNull(),
    codeVerifier: text(),
    backUrl: text().notNull(),
    origin: text().notNull(),
    platform: text(),
    appName: text(),
    /** Null only on rows from before browser binding: such a state is never accepted. */
    browserHash: text(),
    memberId: bigint({ mode: 'number' }).references(() => members.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** The one-time code in the callback's redirect that the login page of the same browser trades for the login result. */
export const oauthLoginCodes = pgTable('oauth_login_codes', {
  codeHash: text().primaryKey(),
  memberId: bigint({ mode: 'number' })
    .notNull()
    .references(() => members.id),
  thirdType: smallint().notNull(),
  /** Null only on rows from before browser binding: such a code is never accepted. */
  browserHash: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Sandbox provider: its test identities (what a QQ/WeChat/… user would be). */
export const sandboxOauthIdentities = pgTable(
  'sandbox_oauth_identities',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    openId: text().notNull(),
    nickname: text().notNull(),
    avatar: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_oauth_identities_open_id_key').on(t.provider, t.openId)],
);

/** Sandbox provider: issued authorisation codes and the access tokens they were exchanged for. */
export const sandboxOauthCodes = pgTable(
  'sandbox_oauth_codes',
  {
    codeHash: text().primaryKey(),
    provider: text().notNull(),
    identityId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sandboxOauthIdentities.id),
    clientId: text().notNull(),
    redirectUri: text().notNull(),
    codeChallenge: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    accessTokenHash: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_oauth_codes_token_key').on(t.accessTokenHash)],
);
