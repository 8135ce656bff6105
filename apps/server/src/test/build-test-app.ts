import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { SmsPurpose } from '@anxin/shared/account/account.schemas';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { insertMember } from '../modules/account/account.module.ts';
import { createStaffTokens, staff } from '../modules/staff/staff.module.ts';
import { privateUrlSigner } from '../modules/uploads/uploads.module.ts';
import { MovableClock } from '../platform/clock.ts';
import { loggerOptions } from '../platform/log-options.ts';
import { hashPassword } from '../platform/password.ts';
import { smsOutbox } from '../platform/platform.schema.ts';
import { createOutboxSmsProvider } from '../platform/sms/outbox-sms-provider.ts';
import { humanDragTrack } from './human-drag-track.ts';
import { type DatabaseKind, openTestDatabase } from './test-database.ts';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let phoneSequence = 0;
let staffSequence = 0;
/** A phone no other test in this file uses: 139 + 8 digits. */
export const uniquePhone = () =>
  `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSequence).padStart(5, '0')}`;

/**
 * The app on a fresh copy of the migrated database, with a movable clock and CAPTCHA_MODE=test. `logStream`
 * receives the app's log lines (level info, with the production redaction) for tests that read them.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: { logStream?: Writable } = {}) {
  const kind = (process.env.TEST_DATABASE_KIND ?? 'pglite') as DatabaseKind;
  const database = await openTestDatabase(kind, inject('databaseTemplate'));
  const clock = new MovableClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_MODE: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    ...env,
  });
  const deps = {
    config,
    db: database.db,
    listen: database.listen,
    clock,
    secrets: { jwtSecret: randomBytes(32), fieldKey: randomBytes(32) },
    sms: createOutboxSmsProvider(database.db, clock),
  };
  const app = await buildApp(deps, {
    logger: options.logStream
      ? { ...loggerOptions('info'), stream: options.logStream }
      : env.LOG_LEVEL
        ? undefined
        : false,
  });
  await app.ready();
  const peers: (typeof app)[] = [];
  const db = database.db;

  const helpers = {
    app,
    db,
    clock,
    kind,
    async close() {
      for (const peer of peers) await peer.close();
      await app.close();
      await database.close();
    },

    /**
     * A second server on the same database, secrets and clock, as another process behind the load balancer
     * would be: it listens for notifications on a connection of its own (on PostgreSQL, its own LISTEN).
     */
    async buildPeer() {
      const peer = await buildApp(deps, { logger: false });
      await peer.ready();
      peers.push(peer);
      return peer;
    },

    /** What `npm run ops` commands get from the server (ops/commands.ts), for tests that run them. */
    opsDeps() {
      return {
        db,
        clock,
        cipher: app.services.cipher,
        paymentTimeoutMinutes: 30,
        sms: app.services.sms,
        publicOrigin: config.PUBLIC_ORIGIN,
        privateUrls: privateUrlSigner(app.services.secrets.fieldKey),
        log: app.log,
      };
    },

    /** A member written straight to the database (the API tests of other modules start here). */
    async createMember(values: { phone?: string; password?: string; nickname?: string } = {}) {
      const phone = values.phone ?? uniquePhone();
      const now = clock.now();
      return insertMember(db, {
        phone,
        passwordHash: values.password ? await hashPassword(values.password) : null,
        nickname: values.nickname ?? `测试会员${phone.slice(-4)}`,
        createdAt: now,
        updatedAt: now,
      });
    },

    /** Signs a member in and answers the Authorization header to send. */
    async signIn(memberId: number) {
      const result = await app.services.tokens.signIn({ memberId, method: 'test' });
      return { authorization: `Bearer ${result.access_token}`, ...result };
    },

    /** A member and its Authorization header, in one call. */
    async createSignedInMember(values: { phone?: string; password?: string; nickname?: string } = {}) {
      const member = await helpers.createMember(values);
      const session = await helpers.signIn(member.id);
      return { member, headers: { authorization: session.authorization }, session };
    },

    /**
     * A staff member written straight to the database, with a second factor already set up when `totpSecret`
     * is given (base32); the password is hashed only when given (argon2 is slow).
     */
    async createStaff(values: { roles: StaffRole[]; password?: string; totpSecret?: string; loginName?: string }) {
      const now = clock.now();
      const loginName = values.loginName ?? `staff_${process.pid % 1000}_${++staffSequence}`;
      const [row] = await db
        .insert(staff)
        .values({
          loginName,
          displayName: `测试员工${staffSequence}`,
          passwordHash: values.password ? await hashPassword(values.password) : '-',
          roles: values.roles,
          totpSecretEnc: values.totpSecret ? app.services.cipher.encrypt(values.totpSecret) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('staff not written');
      return row;
    },

    /** A staff member of these roles, signed in: the Authorization header of its console calls. */
    async signedInStaff(roles: StaffRole[]) {
      const row = await helpers.createStaff({ roles });
      const { access_token } = await createStaffTokens(app.services).issue(db, row.id, { ip: '127.0.0.1' });
      return { staff: row, headers: { authorization: `Bearer ${access_token}` } };
    },

    /** The whole send flow through the API (ticket, slide captcha, send); answers the code from the outbox. */
    async sendSmsCode(phone: string, purpose: SmsPurpose = 'login', ip = '10.0.0.1') {
      const ticketReply = await app.inject({
        method: 'POST',
        url: '/web-gateway/v2/captcha/sms/tickets',
        payload: { phoneNum: phone, purpose },
        remoteAddress: ip,
      });
      const { ticket } = ticketReply.json();
      if (!ticket) throw new Error(`ticket failed: ${ticketReply.body}`);
      const challenge = (
        await app.inject({
          method: 'POST',
          url: '/web-gateway/v2/captcha/slider/challenges',
          payload: { phoneNum: phone, ticket },
          remoteAddress: ip,
        })
      ).json();
      const { validCode } = (
        await app.inject({
          method: 'POST',
          url: '/web-gateway/v2/captcha/slider/verifications',
          payload: {
            challengeId: challenge.challengeId,
            x: challenge.answerX,
            track: humanDragTrack(challenge.answerX),
          },
          remoteAddress: ip,
        })
      ).json();
      const send = await app.inject({
        method: 'POST',
        url: '/web-gateway/v2/captcha/sms/v3/captchas/new',
        payload: { phoneNum: phone, ticket, validCode },
        remoteAddress: ip,
      });
      if (send.statusCode !== 204) throw new Error(`SMS send failed: ${send.statusCode} ${send.body}`);
      return helpers.latestSmsCode(phone);
    },

    async latestSmsCode(phone: string) {
      const [row] = await db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.createdAt))
        .limit(1);
      return row?.code ?? '';
    },
  };
  return helpers;
}
