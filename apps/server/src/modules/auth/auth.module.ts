/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import { eq, inArray } from 'drizzle-orm';
import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { authModule } from './auth.routes.ts';
import { captchaChallenges, refreshTokens, sessions, smsCodes, smsTickets } from './auth.schema.ts';

export const authDescriptor: ModuleDescriptor = {
  name: 'auth',
  routes: [authModule],
  tables: [sessions, refreshTokens, smsTickets, captchaChallenges, smsCodes],
  memberTables: [
    {
      table: sessions,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'sign-in history with IP addresses and browsers; the closure job revokes them first',
    },
  ],
  async closeMember(tx, memberId) {
    // Refresh tokens belong to a session, not to a member: they go before their sessions can.
    const memberSessions = tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, memberId));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, memberSessions));
    return undefined;
  },
};

export { refreshTokens, sessions } from './auth.schema.ts';
export { createSessionCache, SESSION_ENDED_CHANNEL, type SessionCache } from './session-cache.ts';
export { type CaptchaMode, createSmsCodeService, type SmsCodeService } from './sms-code.service.ts';
export { type AccessClaims, createTokenService, type LoginResult, type TokenService } from './tokens.service.ts';
