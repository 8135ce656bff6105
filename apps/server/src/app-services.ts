import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessClaims, SessionCache, SmsCodeService, TokenService } from './modules/auth/auth.module.ts';
import type { FieldCipher } from './platform/crypto.ts';
import type { AppDeps } from './platform/http.ts';
import type { IdentityCheck } from './platform/identity/identity-check.ts';
import type { ModuleDescriptor } from './platform/module-descriptor.ts';
import type { StaffPrincipal } from './platform/staff-auth.ts';

/**
 * What every module gets from the app: its dependencies plus the services built once per app. The session
 * cache is per app too, so two apps in one process (tests) never share remembered sign-ins.
 */
export type AppServices = AppDeps & {
  tokens: TokenService;
  smsCodes: SmsCodeService;
  cipher: FieldCipher;
  sessionCache: SessionCache;
  /** The real-name check of patients and guardians, chosen by IDENTITY_CHECK_PROVIDER. */
  identity: IdentityCheck;
  /** The app's logger: business events (order moved, payment applied, session revoked) go here, ids only. */
  log: FastifyBaseLogger;
  /** Every module, as `modules/index.ts` lists them (the closure job and the account merge walk their tables). */
  modules: readonly ModuleDescriptor[];
};

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** onRequest hook: 401 unless a valid access token of an active sign-in is presented. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /**
     * The onRequest hook of a console route (platform/staff-auth.ts): 401 unless a valid staff token is
     * presented, 403 when the staff member's roles lack `permission` (none: any staff member).
     */
    requireStaff: (permission?: StaffPermission) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `requireMember`; read it only in routes that use that hook. */
    member: AccessClaims;
    /** Set by `requireStaff`; read it only in console routes. */
    staff: StaffPrincipal;
  }
}
