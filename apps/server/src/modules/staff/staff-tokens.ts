import { randomUUID } from 'node:crypto';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { notSignedIn } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import { staff, staffSessions } from './staff.schema.ts';

/** The audience of a staff access token; a member's says 'member', and each verifier refuses the other. */
export const STAFF_AUDIENCE = 'staff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Staff access tokens (docs/CONSOLE.md): HS256 JWTs signed with jose under the app's JWT key like a member's,
 * but with `aud: 'staff'`, naming the staff member (`sub`) and the sign-in (`sid`), for STAFF_TOKEN_TTL_SECONDS
 * at most and without a refresh token. Every console call checks the sign-in and reads the roles afresh, so
 * signing out, a disabled account or a changed role take effect at once.
 */
export function createStaffTokens({
  db,
  clock,
  secrets,
  config,
}: Pick<AppServices, 'db' | 'clock' | 'secrets' | 'config'>) {
  const ttlSeconds = config.STAFF_TOKEN_TTL_SECONDS;
  // Imported once: given raw bytes, jose would import the HMAC key again on every console call.
  const verifyingKey = crypto.subtle.importKey('raw', secrets.jwtSecret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);

  return {
    /** Starts a sign-in in the caller's transaction and answers its token. */
    async issue(tx: Executor, staffId: number, client: ClientInfo) {
      const now = clock.now();
      const sessionId = randomUUID();
      const issuedAt = Math.floor(now.getTime() / 1000);
      await tx.insert(staffSessions).values({
        id: sessionId,
        staffId,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
        expiresAt: new Date((issuedAt + ttlSeconds) * 1000),
      });
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(staffId))
        .setAudience(STAFF_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secrets.jwtSecret);
      return { access_token: token, expires_in: ttlSeconds };
    },

    /** The staff member of a token whose sign-in is active; 401 for anything else (a member's token too). */
    async verify(token: string): Promise<StaffPrincipal> {
      const now = clock.now();
      let claims: { sid?: unknown; sub?: string };
      try {
        ({ payload: claims } = await jwtVerify(token, await verifyingKey, {
          algorithms: ['HS256'],
          audience: STAFF_AUDIENCE,
          currentDate: now,
          requiredClaims: ['exp', 'sub', 'sid', 'aud'],
        }));
      } catch {
        throw notSignedIn();
      }
      const { sid, sub } = claims;
      if (typeof sid !== 'string' || !UUID.test(sid) || !/^[1-9][0-9]{0,15}$/.test(sub ?? '')) throw notSignedIn();
      const [row] = await db
        .select({ staff, sessionId: staffSessions.id })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.id, sid),
            eq(staffSessions.staffId, Number(sub)),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            eq(staff.isActive, true),
          ),
        );
      if (!row) throw notSignedIn();
      const roles = row.staff.roles as StaffRole[];
      return {
        id: row.staff.id,
        loginName: row.staff.loginName,
        displayName: row.staff.displayName,
        roles,
        permissions: permissionsOf(roles),
        sessionId: row.sessionId,
      };
    },

    /** Ends a sign-in (logout). */
    async end(sessionId: string) {
      await db
        .update(staffSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
    },
  };
}

export type StaffTokens = ReturnType<typeof createStaffTokens>;
