import { randomInt } from 'node:crypto';
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { STAFF_ADMIN_MSG } from '@anxin/shared/staff/console-staff.contract';
import {
  RECOVERY_CODE_COUNT,
  type StaffLoginBody,
  type StaffLoginReply,
  type StaffSecondFactorBody,
  type StaffSignInReply,
  type TotpSetup,
} from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, tooManyRequests } from '../../platform/errors.ts';
import { countHit, resetLimit } from '../../platform/rate-limit.ts';
import { createPasswordCheck } from '../password-check/password-check.module.ts';
import { type StaffChallengeRow, type StaffRow, staff, staffSignInChallenges } from './staff.schema.ts';
import { createStaffTokens } from './staff-tokens.ts';
import { matchingTotpStep, newTotpSecret, totpUrlOf } from './totp.ts';

const CHALLENGE_MINUTES = 5;
/** Wrong codes that void a challenge (the password is asked again). */
const WRONG_CODES_PER_CHALLENGE = 5;
/**
 * Wrong second factors of one staff member an hour, whatever challenge they came with; beyond, 429 for the
 * hour. Each challenge needs the password, but someone who has it could otherwise try codes without end.
 */
const WRONG_CODES_PER_HOUR = 10;
/** Letters and digits no one misreads (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const codeWrong = () =>
  new AppError(400, ErrorCode.validationFailed, MSG.staffTotpWrong, [{ field: 'code', message: MSG.staffTotpWrong }]);
const challengeExpired = () => new AppError(401, ErrorCode.notSignedIn, MSG.staffChallengeExpired);

const newRecoveryCode = () =>
  Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  ).join('-');

export const toStaffMember = (row: StaffRow) => {
  const roles = row.roles as StaffRole[];
  return {
    id: row.id,
    loginName: row.loginName,
    displayName: row.displayName,
    roles,
    permissions: permissionsOf(roles),
  };
};

/**
 * The console's sign-in (docs/CONSOLE.md): the password through the members' one check (its counters under
 * staff keys), then a single-use challenge answered by a TOTP code or a recovery code. A first sign-in sets
 * the second factor up: its secret waits on the challenge until a code of it proves the app has it.
 */
export function createStaffSignIn(services: AppServices) {
  const { db, clock, cipher } = services;
  const passwords = createPasswordCheck(services);
  const tokens = createStaffTokens(services);

  /** The challenge of a token while it can still be answered; 401 otherwise. */
  async function openChallenge(executor: Executor, token: string, lock: boolean): Promise<StaffChallengeRow> {
    const query = executor
      .select()
      .from(staffSignInChallenges)
      .where(
        and(
          eq(staffSignInChallenges.tokenHash, sha256(token)),
          isNull(staffSignInChallenges.usedAt),
          gt(staffSignInChallenges.expiresAt, clock.now()),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw challengeExpired();
    return row;
  }

  return {
    async login(body: StaffLoginBody, client: ClientInfo): Promise<StaffLoginReply> {
      const [found] = await db.select().from(staff).where(eq(staff.loginName, body.loginName.trim()));
      const member = await passwords.verifyStaff(body.loginName.trim(), found, body, client);
      // Told only to whoever has the password: a guess learns nothing of the account's state.
      if (!member.isActive) throw new AppError(403, ErrorCode.forbidden, STAFF_ADMIN_MSG.disabled);
      const now = clock.now();
      const challenge = randomToken(32);
      const setupSecret = member.totpSecretEnc ? null : newTotpSecret();
      await db.insert(staffSignInChallenges).values({
        tokenHash: sha256(challenge),
        staffId: member.id,
        setupSecretEnc: setupSecret ? cipher.encrypt(setupSecret) : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
      });
      return { challenge, step: setupSecret ? 'setup' : 'totp' };
    },

    /** What the authenticator app needs on a first sign-in; 401 for any other challenge. */
    async totpSetup(challenge: string): Promise<TotpSetup> {
      const row = await openChallenge(db, challenge, false);
      if (!row.setupSecretEnc) throw challengeExpired();
      const [owner] = await db.select().from(staff).where(eq(staff.id, row.staffId));
      if (!owner) throw challengeExpired();
      const secret = cipher.decrypt(row.setupSecretEnc);
      const otpauthUrl = totpUrlOf(secret, owner.loginName);
      const qrImage = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
      return { otpauthUrl, qrImage, secret };
    },

    /**
     * The second step: a code of the secret (the one being set up, or the staff member's, of a step after the
     * last one used) or an unused recovery code ends the challenge and signs in. A wrong one counts against
     * the challenge (5 void it) and against the staff member's hour.
     */
    async secondFactor(body: StaffSecondFactorBody, client: ClientInfo): Promise<StaffSignInReply> {
      const pending = await openChallenge(db, body.challenge, false);
      const failureKey = `totp-fail:s:${pending.staffId}`;
      // Counted before it is checked, like a password guess: parallel guesses cannot all pass the limit.
      const guess = await countHit(db, clock.now(), {
        key: failureKey,
        max: WRONG_CODES_PER_HOUR,
        windowSeconds: 3600,
      });
      if (guess > WRONG_CODES_PER_HOUR) throw tooManyRequests();

      const outcome = await db.transaction(async (tx) => {
        const row = await openChallenge(tx, body.challenge, true).catch(() => undefined);
        if (!row) return { kind: 'expired' } as const;
        const [owner] = await tx.select().from(staff).where(eq(staff.id, row.staffId)).for('update');
        if (!owner?.isActive) return { kind: 'expired' } as const;
        const now = clock.now();
        const changes: Partial<StaffRow> = {};
        let recoveryCodes: string[] | undefined;
        if (body.code !== undefined) {
          const secretEnc = row.setupSecretEnc ?? owner.totpSecretEnc;
          const step = secretEnc
            ? matchingTotpStep(
                cipher.decrypt(secretEnc),
                body.code.trim(),
                now,
                row.setupSecretEnc ? null : owner.totpLastStep,
              )
            : undefined;
          if (step === undefined) return wrongCode(row);
          changes.totpLastStep = step;
          if (row.setupSecretEnc) {
            recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
            changes.totpSecretEnc = row.setupSecretEnc;
            changes.recoveryCodeHashes = recoveryCodes.map(sha256);
          }
        } else {
          const hash = sha256((body.recoveryCode ?? '').trim().toLowerCase());
          if (row.setupSecretEnc || !owner.recoveryCodeHashes.includes(hash)) return wrongCode(row);
          changes.recoveryCodeHashes = owner.recoveryCodeHashes.filter((kept) => kept !== hash);
        }
        await tx
          .update(staff)
          .set({ ...changes, updatedAt: now })
          .where(eq(staff.id, owner.id));
        await tx
          .update(staffSignInChallenges)
          .set({ usedAt: now })
          .where(eq(staffSignInChallenges.tokenHash, row.tokenHash));
        const token = await tokens.issue(tx, owner.id, client);
        return { kind: 'signedIn', reply: { ...token, staff: toStaffMember(owner), recoveryCodes } } as const;

        /** Counts the wrong code on the challenge (committed: the refusal is a reply, not a rollback). */
        async function wrongCode(challenge: StaffChallengeRow) {
          await tx
            .update(staffSignInChallenges)
            .set({
              wrongCodes: sql`${staffSignInChallenges.wrongCodes} + 1`,
              ...(challenge.wrongCodes + 1 >= WRONG_CODES_PER_CHALLENGE ? { usedAt: clock.now() } : {}),
            })
            .where(eq(staffSignInChallenges.tokenHash, challenge.tokenHash));
          return { kind: 'wrong' } as const;
        }
      });
      if (outcome.kind === 'expired') throw challengeExpired();
      if (outcome.kind === 'wrong') throw codeWrong();
      await resetLimit(db, failureKey);
      return outcome.reply;
    },

    logout: (sessionId: string) => tokens.end(sessionId),
  };
}
