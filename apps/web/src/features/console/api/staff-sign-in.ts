import type {
  DemoStaff,
  StaffLoginBody,
  StaffLoginReply,
  StaffMember,
  StaffSecondFactorBody,
  StaffSignInReply,
  TotpSetup,
} from '@anxin/shared/staff/staff.contract';
import { consoleRequest } from './console-request.ts';

// The console's sign-in (docs/CONSOLE.md, "Sign-in"): login name and password, then the second factor.

/** POST /admin/auth/login: the first step; answers a single-use 5-minute challenge for the second. */
export function staffLogin(body: StaffLoginBody): Promise<StaffLoginReply> {
  return consoleRequest('POST', '/auth/login', { body });
}

/** GET /admin/auth/totp-setup: the QR of a first sign-in, for an authenticator app. */
export function getTotpSetup(challenge: string): Promise<TotpSetup> {
  return consoleRequest('GET', '/auth/totp-setup', { query: { challenge } });
}

/** POST /admin/auth/totp: the six digits or a recovery code; answers the session (and, on setup, the codes). */
export function verifySecondFactor(body: StaffSecondFactorBody): Promise<StaffSignInReply> {
  return consoleRequest('POST', '/auth/totp', { body });
}

/** GET /admin/me: the signed-in staff member, roles and permissions. */
export function getMe(): Promise<StaffMember> {
  return consoleRequest('GET', '/me');
}

/** POST /admin/auth/logout: ends the session on the server. */
export function staffLogout(): Promise<void> {
  return consoleRequest('POST', '/auth/logout');
}

/**
 * GET /admin/dev/demo-staff: outside production, the demo staff with each one's current six digits (the route
 * does not exist in production: 404).
 */
export function getDemoStaff(): Promise<DemoStaff[]> {
  return consoleRequest('GET', '/dev/demo-staff');
}
